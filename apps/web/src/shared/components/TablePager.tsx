import { TABLE_PAGE_SIZES } from '@laurel/domain';
import { Group, Pagination, Select, Text } from '@mantine/core';

export interface TablePagerProps {
  label: string;
  page: number;
  size: number;
  total: number;
  onPage(page: number): void;
  /** Without it the page size is fixed (the spec's 8-row search and 10-row history tables). */
  onSize?(size: number): void;
  sizes?: readonly number[];
}

/** The foot of a table: rows per page, which rows are shown, and at most five page links (docs/product/store.md#rules-and-limits). */
export function TablePager({ label, page, size, total, onPage, onSize, sizes = TABLE_PAGE_SIZES }: TablePagerProps) {
  const pages = Math.max(1, Math.ceil(total / size));
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  return (
    <Group justify="space-between" px="lg" py="sm" style={{ borderTop: '1px solid var(--laurel-border)' }} wrap="wrap" gap="sm">
      <Group gap="xs" wrap="nowrap">
        {onSize && (
          <>
            <Text size="sm" c="stone.6" visibleFrom="xs">
              Rows per page
            </Text>
            <Select
              aria-label="Rows per page"
              w={76}
              size="xs"
              value={String(size)}
              data={sizes.map(String)}
              onChange={(value) => value && onSize(Number(value))}
              allowDeselect={false}
            />
          </>
        )}
        <Text size="sm" c="stone.6" style={{ whiteSpace: 'nowrap' }}>
          {`${first}–${Math.min(page * size, total)} of ${total.toLocaleString('en-US')}`}
        </Text>
      </Group>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          siblings={1}
          boundaries={1}
          aria-label={label}
        />
      )}
    </Group>
  );
}
