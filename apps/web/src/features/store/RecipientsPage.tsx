import type { PeopleSort, Person } from '@laurel/domain';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { usePageSize } from '../../shared/hooks/usePageSize.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { listPeople } from './api/store.ts';
import { Count } from './Count.tsx';
import { NothingSentYet } from './NothingSentYet.tsx';
import { PersonDrawer } from './PersonDrawer.tsx';
import { storeKeys } from './query-keys.ts';
import { useRecipientActions } from './recipient/useRecipientActions.tsx';
import { DateCell } from './recipient-columns.tsx';
import { addressPager } from './table/address-pager.ts';
import { SearchBox } from './table/SearchBox.tsx';
import { SortSelect } from './table/SortSelect.tsx';
import { EmptyRow, SkeletonRows } from './table/TableStates.tsx';
import { useTableParams } from './table/useTableParams.ts';

const SORTS: { value: PeopleSort; label: string }[] = [
  { value: 'newest', label: 'Most recent' },
  { value: 'name', label: 'Last name A–Z' },
  { value: 'email', label: 'Email A–Z' },
  { value: 'certificates', label: 'Most certificates' },
  { value: 'last_sent', label: 'Last sent' },
];

/** /store/recipients: everyone the account has issued to, one row per person, with their certificates in a drawer. */
export function RecipientsPage() {
  const user = useSignedInUser();
  const accountId = user.account!.id;
  const [pageSize, keepPageSize] = usePageSize('storeRecipient');
  const table = useTableParams<PeopleSort>({
    size: pageSize,
    sort: 'newest',
    sorts: SORTS.map((s) => s.value),
  });
  const [person, setPerson] = useState<Person | null>(null);
  const actions = useRecipientActions();
  const list = useQuery({
    queryKey: storeKeys.people(table.q, table.sort, table.size, table.page),
    queryFn: () => listPeople(accountId, { limit: table.size, offset: table.offset, like: table.q || undefined, sort: table.sort }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.recipients ?? [];
  const total = list.data?.count ?? 0;

  if (list.isSuccess && total === 0 && !table.q) {
    return (
      <NothingSentYet
        icon={<IconUsers size={26} stroke={1.6} />}
        title="No recipients yet"
        description="Everyone who has received a certificate from your account, with what they received and when."
      />
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <SearchBox
          value={table.q}
          onSearch={(q) => table.update({ q, page: 1 })}
          label="Search recipients"
          placeholder="Search name or email"
        />
        <SortSelect label="Sort recipients" w={180} sorts={SORTS} value={table.sort} onChange={(sort) => table.update({ sort, page: 1 })} />
      </Group>
      {list.isError && <LoadFailed title="The recipients could not be loaded" error={list.error} onRetry={() => list.refetch()} />}
      <PagedTable
        minWidth={820}
        verticalSpacing="sm"
        horizontalSpacing="lg"
        highlightOnHover
        aria-label="People"
        style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
        pager={addressPager('Recipient pages', table, total, keepPageSize)}
      >
        <Table.Thead bg="stone.0">
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th w={110} ta="right">
              Certificates
            </Table.Th>
            <Table.Th w={90} ta="right">
              Projects
            </Table.Th>
            <Table.Th w={90} ta="right">
              Opened
            </Table.Th>
            <Table.Th w={190}>Last sent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.isPending && <SkeletonRows rows={Math.min(table.size, 8)} columns={6} />}
          {list.isSuccess && rows.length === 0 && (
            <EmptyRow columns={6} title={`No recipient matches “${table.q}”`}>
              Search looks in names and email addresses.
            </EmptyRow>
          )}
          {rows.map((p) => (
            <Table.Tr key={p.email} style={{ cursor: 'pointer' }} onClick={() => setPerson(p)}>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  size="sm"
                  ta="left"
                  onClick={(event) => {
                    event.stopPropagation();
                    setPerson(p);
                  }}
                >
                  {`${p.first_name} ${p.last_name}`.trim()}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {p.email}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Count value={p.certificates} />
              </Table.Td>
              <Table.Td ta="right">
                <Count value={p.projects} />
              </Table.Td>
              <Table.Td ta="right">
                <Count value={p.opened} tone="good" />
              </Table.Td>
              <Table.Td>
                <DateCell at={p.last_sent_at} empty="Not sent yet" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </PagedTable>
      <PersonDrawer person={person} onClose={() => setPerson(null)} actions={actions} />
      {actions.dialogs}
    </Stack>
  );
}
