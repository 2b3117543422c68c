import type { TablePagerProps } from '../../../shared/components/TablePager.tsx';
import type { TableParams } from './useTableParams.ts';

/**
 * A Store table's pager: pages move through the address (`useTableParams`), and a new page size is kept for the
 * user's next visit (`keepPageSize`) and starts again at page 1.
 */
export function addressPager<S extends string>(
  label: string,
  table: TableParams<S>,
  total: number,
  keepPageSize: (size: number) => void,
): TablePagerProps {
  return {
    label,
    page: table.page,
    size: table.size,
    total,
    onPage: (page) => table.update({ page }),
    onSize: (size) => {
      keepPageSize(size);
      table.update({ size, page: 1 });
    },
  };
}
