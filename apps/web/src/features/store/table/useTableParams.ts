import { TABLE_PAGE_SIZES } from '@laurel/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export interface TableParams<S extends string> {
  page: number;
  size: number;
  offset: number;
  q: string;
  sort: S;
  update(next: Partial<{ page: number; size: number; q: string; sort: S }>): void;
}

/**
 * A table's page, page size, search text and sort, kept in the address: a reload, a shared link or
 * the back button shows the same rows.
 */
export function useTableParams<S extends string>(defaults: {
  size: number;
  sort: S;
  sorts?: readonly S[];
  sizes?: readonly number[];
}): TableParams<S> {
  const [params, setParams] = useSearchParams();
  const sizes = defaults.sizes ?? TABLE_PAGE_SIZES;
  const rawSize = Number(params.get('size'));
  const size = sizes.includes(rawSize) ? rawSize : defaults.size;
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const rawSort = params.get('sort') as S | null;
  const sort = rawSort && (!defaults.sorts || defaults.sorts.includes(rawSort)) ? rawSort : defaults.sort;
  const q = params.get('q') ?? '';

  const update = useCallback<TableParams<S>['update']>(
    (next) => {
      setParams(
        (current) => {
          const values = new URLSearchParams(current);
          const set = (key: string, value: string | number | undefined, fallback: string | number) => {
            if (value === undefined) return;
            if (value === fallback || value === '') values.delete(key);
            else values.set(key, String(value));
          };
          set('page', next.page, 1);
          set('size', next.size, defaults.size);
          set('q', next.q, '');
          set('sort', next.sort, defaults.sort);
          return values;
        },
        // Typing in the search box replaces the entry; paging adds one, so back goes to the previous page.
        { replace: next.q !== undefined },
      );
    },
    [setParams, defaults.size, defaults.sort],
  );

  return { page, size, offset: (page - 1) * size, q, sort, update };
}
