import { useCallback, useMemo, useState } from 'react';

/**
 * Rows chosen by id. The choice outlives paging and searching, so recipients can be gathered from
 * several pages before acting on them.
 */
export function useRowSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());

  const setMany = useCallback((ids: readonly number[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  const ids = useMemo(() => [...selected], [selected]);

  return { ids, size: selected.size, has: (id: number) => selected.has(id), setMany, clear };
}
