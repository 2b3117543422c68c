import { Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Grey rows with the table's own columns while it loads, so the page does not jump when the data arrives. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders with nothing else to key by; they never reorder
        <Table.Tr key={r} aria-hidden>
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders with nothing else to key by; they never reorder
            <Table.Td key={c}>
              <Skeleton h={12} w={c === 1 ? '70%' : '50%'} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/** One wide row saying why the table is empty, and what to do about it. */
export function EmptyRow({ columns, title, children }: { columns: number; title: string; children?: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns} py={48}>
        <Stack align="center" gap={6} ta="center">
          <Text fw={600}>{title}</Text>
          {children && (
            <Text size="sm" c="stone.6" maw={420}>
              {children}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
