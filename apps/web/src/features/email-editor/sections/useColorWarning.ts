import { COLOR_WARNING_MS, COLOR_WARNING_REARM_MS } from '@laurel/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The button-colour warning (docs/product/email-editor.md#rules-and-limits): shown for 3 s, and not again within 3.5 s of the last one,
 * so dragging a picker through refused colours does not make it flicker.
 */
export function useColorWarning(): [string | null, (message: string) => void] {
  const [warning, setWarning] = useState<string | null>(null);
  const lastShown = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const show = useCallback((message: string) => {
    const now = Date.now();
    if (now - lastShown.current < COLOR_WARNING_REARM_MS) return;
    lastShown.current = now;
    setWarning(message);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setWarning(null), COLOR_WARNING_MS);
  }, []);

  return [warning, show];
}
