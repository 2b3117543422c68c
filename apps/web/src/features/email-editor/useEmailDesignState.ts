import type { EmailDesign } from '@laurel/domain';
import { useCallback, useRef, useState } from 'react';

/**
 * The design being edited and whether it differs from what was saved. Any change marks it dirty
 * (docs/product/email-editor.md#flows) and saving clears it; field errors are dropped as the field they belong to changes.
 */
export function useEmailDesignState(initial: EmailDesign) {
  const [design, setDesign] = useState(initial);
  const latest = useRef(initial);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = useCallback((patch: Partial<EmailDesign>) => {
    latest.current = { ...latest.current, ...patch };
    setDesign(latest.current);
    setDirty(true);
    setErrors((current) => {
      const touched = Object.keys(patch);
      const kept = Object.entries(current).filter(([field]) => !touched.includes(field.split('.')[0]!));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);

  /** Clean again, unless the issuer kept writing while `saved` was on its way to the server. */
  const markSaved = useCallback((saved: EmailDesign) => {
    if (latest.current === saved) setDirty(false);
  }, []);

  return { design, dirty, errors, change, setErrors, markSaved };
}
