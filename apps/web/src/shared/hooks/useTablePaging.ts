import { useState } from 'react';

/**
 * A paged table's page and rows per page, with what `TablePager` takes: a new page size, like a new
 * search or filter (`firstPage`), starts again at page 1.
 */
export function useTablePaging(initialSize: number) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  const onSize = (next: number) => {
    setSize(next);
    setPage(1);
  };
  return {
    page,
    size,
    limit: size,
    offset: (page - 1) * size,
    setPage,
    /** Wraps a filter's setter so that changing the filter returns to page 1. */
    firstPage:
      <T>(set: (value: T) => void) =>
      (value: T) => {
        set(value);
        setPage(1);
      },
    /** Spread into `TablePager` beside its label and total. */
    pager: { page, size, onPage: setPage, onSize },
  };
}
