import type { Recipient } from '@laurel/domain';
import { Table, VisuallyHidden } from '@mantine/core';
import { ActionsMenu } from './recipient/ActionsMenu.tsx';
import type { ActionItem } from './recipient/useRecipientActions.tsx';
import type { RecipientColumn } from './recipient-columns.tsx';
import { EmptyRow, SkeletonRows } from './table/TableStates.tsx';

/** How the rows' query stands: loading shows placeholder rows, a refetch fades the rows it replaces. */
interface QueryState {
  isPending: boolean;
  isSuccess: boolean;
  isPlaceholderData: boolean;
}

/**
 * Recipients in the columns the issuer chose (`useChosenColumns`), each with its actions menu; a
 * name opens the recipient's details.
 */
export function RecipientColumnsTable<R extends Recipient>({
  label,
  minWidth,
  columns,
  rows,
  query,
  skeletonRows,
  empty,
  onOpen,
  actionsFor,
}: {
  label: string;
  /** The narrowest the table gets before it scrolls; more columns widen it. */
  minWidth: number;
  columns: RecipientColumn<R>[];
  rows: R[];
  query: QueryState;
  skeletonRows: number;
  empty: { title: string; description?: string };
  onOpen(recipient: R): void;
  actionsFor(recipient: R): ActionItem[];
}) {
  return (
    <Table.ScrollContainer minWidth={Math.max(minWidth, columns.length * 150)}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="lg"
        highlightOnHover
        aria-label={label}
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
      >
        <Table.Thead bg="stone.0">
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} w={c.width}>
                {c.label}
              </Table.Th>
            ))}
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.isPending && <SkeletonRows rows={skeletonRows} columns={columns.length + 1} />}
          {query.isSuccess && rows.length === 0 && (
            <EmptyRow columns={columns.length + 1} title={empty.title}>
              {empty.description}
            </EmptyRow>
          )}
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              {columns.map((c) => (
                <Table.Td key={c.key}>{c.cell(r, () => onOpen(r))}</Table.Td>
              ))}
              <Table.Td>
                <ActionsMenu label={`Actions for ${r.first_name} ${r.last_name}`} items={actionsFor(r)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
