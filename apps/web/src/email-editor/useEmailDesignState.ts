import type { EmailDesign } from '@laurel/domain';
import { useCallback, useState } from 'react';

/**
 * The design being edited and whether it differs from what was saved. Any change marks it dirty
 * (spec 2 §4) and saving clears it; field errors are dropped as the field they belong to changes.
 */
export function useEmailDesignState() {
  const [design, setDesign] = useState<EmailDesign | null>(null);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const load = useCallback((loaded: EmailDesign) => {
    setDesign(loaded);
    setDirty(false);
  }, []);

  const change = useCallback((patch: Partial<EmailDesign>) => {
    setDesign((current) => (current ? { ...current, ...patch } : current));
    setDirty(true);
    setErrors((current) => {
      const touched = Object.keys(patch);
      const kept = Object.entries(current).filter(([field]) => !touched.includes(field.split('.')[0]!));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);

  const markSaved = useCallback(() => setDirty(false), []);

  return { design, dirty, errors, load, change, setErrors, markSaved };
}
