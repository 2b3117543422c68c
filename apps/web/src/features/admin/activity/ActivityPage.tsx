import { ACTIVITY_KIND_RULES, ACTIVITY_KINDS, type ActivityEntry, type ActivityKind, auditActionLabel } from '@laurel/domain';
import { Anchor, Badge, Card, Center, Group, Loader, Select, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconActivity, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyPanel } from '../../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { PagedTable } from '../../../shared/components/PagedTable.tsx';
import { PageHeader } from '../../../shared/components/PageHeader.tsx';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { AccountPicker } from '../accounts/AccountPicker.tsx';
import { pickAccounts } from '../accounts/api.ts';
import { listActivity } from '../api.ts';
import { auditDetails } from '../audit-details.ts';
import { adminKeys } from '../query-keys.ts';
import { useAddressFilters } from '../use-address-filters.ts';

const KIND_CHOICES = ACTIVITY_KINDS.map((kind) => ({ value: kind, label: ACTIVITY_KIND_RULES[kind].label }));
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Who acted, and for whom when a super-admin acted as someone or on someone's account. */
function Who({ entry }: { entry: ActivityEntry }) {
  const concerned = entry.user && entry.user.id !== entry.actor?.id ? entry.user : null;
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {entry.actor?.email ?? 'Laurel (automatic)'}
      </Text>
      {concerned && (
        <Text size="xs" c="stone.6" style={{ overflowWrap: 'anywhere' }}>
          {`for ${concerned.email}`}
        </Text>
      )}
    </>
  );
}

/** The account a row concerns, as a link to it in the accounts console while it exists. */
function AccountCell({ account }: { account: ActivityEntry['account'] }) {
  if (!account)
    return (
      <Text size="sm" c="stone.6">
        No account
      </Text>
    );
  if (account.deleted)
    return (
      <Text size="sm" c="stone.6">
        {`${account.name ?? `Account ${account.id}`} (deleted)`}
      </Text>
    );
  return (
    <Anchor component={Link} to={`/admin/accounts?account=${account.id}`} size="sm">
      {account.name}
    </Anchor>
  );
}

/**
 * /admin/activity: every account's audit log, newest first, searched and filtered by kind, account and days
 * (docs/product/super-admin.md#activity). Filters and paging live in the address, so the account console and the
 * outbox can link to a view of it.
 */
export function ActivityPage() {
  const { values, size, offset, update, pager } = useAddressFilters(['q', 'kind', 'account', 'from', 'to'] as const);
  const kind = (ACTIVITY_KINDS as readonly string[]).includes(values.kind) ? (values.kind as ActivityKind) : null;
  const accountId = Number(values.account) || null;
  const from = isDay(values.from) ? values.from : null;
  const to = isDay(values.to) ? values.to : from;
  const [q] = useDebouncedValue(values.q.trim(), 300);

  const filters = {
    search: q || undefined,
    kind: kind ?? undefined,
    account_id: accountId ?? undefined,
    from: from ?? undefined,
    to: to ?? undefined,
  };
  const query = useQuery({
    queryKey: adminKeys.activity(filters, size, offset),
    queryFn: () => listActivity({ ...filters, limit: size, offset }),
    placeholderData: keepPreviousData,
  });
  // An account named by the address (a link from the accounts console) is shown in the picker by its name.
  const linked = useQuery({
    queryKey: adminKeys.accounts('pick', 'id', accountId),
    queryFn: () => pickAccounts(String(accountId)),
    enabled: accountId !== null,
  });
  const pickedAccount = linked.data?.accounts.find((a) => a.id === accountId) ?? null;
  const data = query.data;
  const total = data?.count ?? 0;
  const filtered = Object.values(filters).some((value) => value !== undefined);

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Activity"
        description="What was done in every account: sends, revocations, user and plan changes, impersonations, API keys, single sign-on and the rest of the audit log. Who did it, when, from where and in which account."
      />
      <Card padding="md" shadow="xs" mb="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Action, address, account, detail"
            leftSection={<IconSearch size={16} />}
            value={values.q}
            onChange={(event) => update({ q: event.currentTarget.value }, { replace: true })}
            w={{ base: '100%', sm: 300 }}
          />
          <Select
            label="Kind"
            placeholder="Any kind"
            clearable
            data={KIND_CHOICES}
            value={kind}
            onChange={(value) => update({ kind: value })}
            w={{ base: '100%', xs: 180 }}
          />
          <AccountPicker value={pickedAccount} onChange={(account) => update({ account: account ? String(account.id) : null })} />
          <DatePickerInput
            type="range"
            label="Days"
            placeholder="Any day"
            clearable
            allowSingleDateInRange
            maxDate={new Date()}
            value={[from, values.to && isDay(values.to) ? values.to : null]}
            onChange={([start, end]) =>
              update({ from: start ? String(start).slice(0, 10) : null, to: end ? String(end).slice(0, 10) : null })
            }
            valueFormat="M/D/YYYY"
            w={{ base: '100%', xs: 230 }}
          />
        </Group>
      </Card>
      {query.isError && <LoadFailed title="The activity could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {data && total === 0 && (
        <EmptyPanel
          icon={<IconActivity size={26} stroke={1.6} />}
          title={filtered ? 'Nothing matches' : 'Nothing has happened yet'}
          description={
            filtered
              ? 'Try other words, another kind, another account or more days.'
              : 'Sends, revocations, user and plan changes and the rest appear here as accounts make them.'
          }
        />
      )}
      {data && total > 0 && (
        <PagedTable
          minWidth={900}
          verticalSpacing="sm"
          horizontalSpacing="lg"
          aria-label="Activity"
          data-testid="activity-table"
          pager={{ label: 'Activity pages', total, ...pager }}
        >
          <Table.Thead bg="stone.0">
            <Table.Tr>
              <Table.Th w={180}>When</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th w={130}>From</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {data.entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text size="sm" c="stone.6" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {auditActionLabel(entry.action)}
                    </Text>
                    {entry.kind && (
                      <Badge variant="light" color="stone" radius="sm" tt="none" size="sm">
                        {ACTIVITY_KIND_RULES[entry.kind].label}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="stone.6" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {auditDetails(entry.details)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Who entry={entry} />
                </Table.Td>
                <Table.Td>
                  <AccountCell account={entry.account} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="stone.6">
                    {entry.ip ?? '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </PagedTable>
      )}
    </>
  );
}
