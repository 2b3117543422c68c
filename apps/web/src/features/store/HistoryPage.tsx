import type { Project } from '@laurel/domain';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { usePageSize } from '../../shared/hooks/usePageSize.ts';
import { formatDateTime } from '../../shared/lib/format.ts';
import { listProjects } from '../projects/index.ts';
import { Count } from './Count.tsx';
import { countsOfProject, DeliveryBar } from './DeliveryProgress.tsx';
import { NothingSentYet } from './NothingSentYet.tsx';
import { storeKeys } from './query-keys.ts';
import { addressPager } from './table/address-pager.ts';
import { SearchBox } from './table/SearchBox.tsx';
import { EmptyRow, SkeletonRows } from './table/TableStates.tsx';
import { useTableParams } from './table/useTableParams.ts';

/** A project's delivery in one word, from its counters. */
export function deliveryState(p: Project): { label: string; color: string } {
  if (p.sent_pending > 0) return { label: 'Sending', color: 'blue' };
  if (p.sent_count + p.undeliverable === 0) return { label: 'Not sent', color: 'gray' };
  if (p.undeliverable > 0) return { label: 'Needs attention', color: 'red' };
  if (p.unsent_count > 0) return { label: 'Partly sent', color: 'gilt' };
  return { label: 'Delivered', color: 'laurel' };
}

/** /store/history: every project as a delivery, newest created first (docs/product/store.md#screens Email History). */
export function HistoryPage() {
  const [pageSize, keepPageSize] = usePageSize('storeHistory');
  const table = useTableParams<'newest'>({ size: pageSize, sort: 'newest' });
  const list = useQuery({
    queryKey: storeKeys.history(table.q, table.size, table.page),
    queryFn: () => listProjects({ limit: table.size, offset: table.offset, like: table.q || undefined, sort: 'newest' }),
    placeholderData: keepPreviousData,
    // Deliveries move on their own: keep the list current while it is on screen.
    refetchInterval: (query) => (query.state.data?.projects.some((p) => p.sent_pending > 0) ? 3_000 : false),
  });
  const rows = list.data?.projects ?? [];
  const total = list.data?.count ?? 0;

  if (list.isSuccess && total === 0 && !table.q) {
    return (
      <NothingSentYet
        icon={<IconHistory size={26} stroke={1.6} />}
        title="No deliveries yet"
        description="Each send appears here with its progress, what was delivered, what bounced and who opened their certificate."
      />
    );
  }

  return (
    <Stack gap="md">
      <SearchBox
        value={table.q}
        onSearch={(q) => table.update({ q, page: 1 })}
        label="Search deliveries"
        placeholder="Search by project title or memo"
      />
      {list.isError && <LoadFailed title="The history could not be loaded" error={list.error} onRetry={() => list.refetch()} />}
      <PagedTable
        minWidth={860}
        verticalSpacing="sm"
        horizontalSpacing="lg"
        highlightOnHover
        aria-label="Email history"
        style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
        pager={addressPager('History pages', table, total, keepPageSize)}
      >
        <Table.Thead bg="stone.0">
          <Table.Tr>
            <Table.Th>Project</Table.Th>
            <Table.Th w={170}>Created</Table.Th>
            <Table.Th w={240}>Delivery</Table.Th>
            <Table.Th w={110} ta="right">
              Undeliverable
            </Table.Th>
            <Table.Th w={80} ta="right">
              Opened
            </Table.Th>
            <Table.Th w={140}>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.isPending && <SkeletonRows rows={6} columns={6} />}
          {list.isSuccess && rows.length === 0 && <EmptyRow columns={6} title={`No delivery matches “${table.q}”`} />}
          {rows.map((project) => {
            const counts = countsOfProject(project);
            const state = deliveryState(project);
            return (
              <Table.Tr key={project.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/store/history/${project.id}`} fw={600} size="sm">
                    {project.title}
                  </Anchor>
                  <Text size="xs" c="stone.6">
                    {project.certificate_name}
                    {project.email_sender_name ? ` · from ${project.email_sender_name}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="stone.7" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(project.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <DeliveryBar counts={counts} size="sm" />
                    <Text size="xs" c="stone.6">
                      {`${counts.sent.toLocaleString('en-US')} of ${counts.total.toLocaleString('en-US')} sent`}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">
                  <Count value={counts.undeliverable} tone="bad" />
                </Table.Td>
                <Table.Td ta="right">
                  <Count value={counts.opened} tone="good" />
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={state.color} variant="light" radius="sm">
                      {state.label}
                    </Badge>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </PagedTable>
    </Stack>
  );
}
