import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '@laurel/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { TablePagerProps } from '../../shared/components/TablePager.tsx';

type Change<K extends string> = Partial<Record<K, string | null>> & { page?: number; size?: number };

/**
 * A list's filters, page and page size, kept in the address so that a reload, a link from another screen or the
 * back button shows the same rows. A new filter or page size starts again at page 1; typing in a search box
 * replaces the history entry instead of adding one per letter (`replace`).
 */
export function useAddressFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const rawSize = Number(params.get('size'));
  const size = (TABLE_PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_PAGE_SIZE;
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;

  const update = useCallback(
    (change: Change<K>, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change) as [string, string | number | null | undefined][]) {
            if (value === undefined) continue;
            if (value === null || value === '' || (key === 'page' && value === 1) || (key === 'size' && value === DEFAULT_PAGE_SIZE))
              next.delete(key);
            else next.set(key, String(value));
          }
          if (change.page === undefined) next.delete('page');
          return next;
        },
        { replace: options.replace },
      ),
    [setParams],
  );

  const pager: Omit<TablePagerProps, 'label' | 'total'> = {
    page,
    size,
    onPage: (next) => update({ page: next } as Change<K>),
    onSize: (next) => update({ size: next } as Change<K>),
  };
  return { values, page, size, offset: (page - 1) * size, update, pager };
}
