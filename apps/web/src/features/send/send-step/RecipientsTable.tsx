import type { RecipientState } from '@laurel/domain';
import { Badge, Group, Pagination, Paper, ScrollArea, Skeleton, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/errors.ts';
import { listProjectRecipients, recipientsKey } from '../../projects/index.ts';

/** The send step's table: 100 rows a page, sorted by last name (docs/product/send-wizard.md#screens, docs/product/send-wizard.md#rules-and-limits). */
export const SEND_TABLE_PAGE = 100;

const STATE: Record<RecipientState, { label: string; color: string }> = {
  draft: { label: 'UNSENT', color: 'gray' },
  queued: { label: 'SENDING', color: 'blue' },
  sending: { label: 'SENDING', color: 'blue' },
  sent: { label: 'SENT', color: 'laurel' },
  bounced: { label: 'BOUNCED', color: 'red' },
  failed: { label: 'FAILED', color: 'red' },
  suppressed: { label: 'SKIPPED', color: 'orange' },
};

export function RecipientsTable({ projectId, page, onPage }: { projectId: number; page: number; onPage: (page: number) => void }) {
  const list = useQuery({
    queryKey: recipientsKey(projectId, 'send', page),
    queryFn: () =>
      listProjectRecipients({ project_id: projectId, sort: 'last_name', limit: SEND_TABLE_PAGE, offset: (page - 1) * SEND_TABLE_PAGE }),
    placeholderData: keepPreviousData,
  });
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / SEND_TABLE_PAGE));

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" mb="sm">
        <Text fw={650}>Recipients</Text>
        {list.data && (
          <Text size="sm" c="dimmed">
            {count} in this project
          </Text>
        )}
      </Group>
      {list.isError && (
        <Text c="red.7" size="sm">
          {errorMessage(list.error)}
        </Text>
      )}
      <ScrollArea type="auto" mah={560}>
        <Table verticalSpacing={6} stickyHeader aria-label="Project recipients">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th visibleFrom="sm">Email</Table.Th>
              <Table.Th w={100}>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending &&
              Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders with nothing else to key by; they never reorder
                <Table.Tr key={i}>
                  <Table.Td colSpan={3}>
                    <Skeleton h={14} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {list.data?.recipients.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td fw={500} fz="sm">
                  {r.last_name}
                  {r.last_name && r.first_name ? ', ' : ''}
                  {r.first_name}
                  <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ wordBreak: 'break-all' }}>
                    {r.email}
                  </Text>
                </Table.Td>
                <Table.Td fz="sm" visibleFrom="sm">
                  {r.email}
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={STATE[r.state].color}>
                    {STATE[r.state].label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {pages > 1 && (
        <Group justify="flex-end" mt="sm">
          <Pagination total={pages} value={page} onChange={onPage} siblings={1} boundaries={0} size="sm" aria-label="Recipient pages" />
        </Group>
      )}
    </Paper>
  );
}
