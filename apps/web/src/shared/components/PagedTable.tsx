import { Card, Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { TablePager, type TablePagerProps } from './TablePager.tsx';

interface PagedTableProps extends TableProps {
  /** Narrower than this, the table scrolls sideways inside its card; 0 for a table laid out to fit any width. */
  minWidth: number;
  /** The foot: rows per page (kept by the screen through `usePageSize` where the list has a kept size) and pages. */
  pager: TablePagerProps;
  children: ReactNode;
}

/** A list screen's table: a flat card, the table scrolling inside it, and the pager at its foot. */
export function PagedTable({ minWidth, pager, children, ...table }: PagedTableProps) {
  return (
    <Card padding={0} shadow="xs">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table {...table}>{children}</Table>
      </Table.ScrollContainer>
      <TablePager {...pager} />
    </Card>
  );
}
