import { type AdminAccountRow, DEFAULT_PAGE_SIZE } from '@laurel/domain';
import { ActionIcon, Anchor, Badge, Card, Center, Group, Loader, Menu, Select, Table, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconDots, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { setToken } from '../../shared/api/token.ts';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { useTablePaging } from '../../shared/hooks/useTablePaging.ts';
import { formatDate, formatDateTime } from '../../shared/lib/format.ts';
import { notifyError } from '../../shared/lib/notify.ts';
import { USER_KEY } from '../../shared/session/queries.ts';
import { type AccountAction, AccountActionModal } from './accounts/AccountActionModal.tsx';
import { AccountHistoryDrawer } from './accounts/AccountHistoryDrawer.tsx';
import { ACCOUNTS_KEY, filterAccounts, impersonate } from './accounts/api.ts';
import { adminKeys } from './query-keys.ts';

const SORTS = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'credits:desc', label: 'Most credits' },
  { value: 'last_login_at:desc', label: 'Latest sign-in' },
];

/** The category choice of the accounts that gave none: the call names it `category:` (an empty value). */
const NOT_GIVEN = 'not-given';

/** The picker's `YYYY-MM-DD` (or a full timestamp) as the call's day. */
const day = (value: string | null) => (value ? String(value).slice(0, 10) : undefined);

/** The row menu: every action of the spec's dialogs (docs/product/super-admin.md#screens "Admin user accounts"). */
function actionsFor(account: AdminAccountRow): { action: AccountAction; label: string; color?: string }[] {
  const list: { action: AccountAction; label: string; color?: string }[] = [
    { action: 'edit', label: 'Edit' },
    { action: 'credits', label: 'Grant credits' },
    { action: 'subscription', label: 'Subscription' },
    { action: 'notify', label: 'Notification days' },
    { action: 'email', label: 'Email' },
    { action: 'trial', label: 'Reset free trial' },
    { action: 'no-login', label: account.noLogin ? 'Require recipient login' : 'Recipients without login' },
    { action: 'billing', label: 'Update billing information' },
  ];
  if (account.admin) {
    list.push({ action: 'impersonate', label: 'Impersonate' }, { action: 'password', label: 'Change password' });
    if (!account.admin.confirmed) list.push({ action: 'confirm', label: 'Confirm user' });
  }
  list.push(
    { action: 'ban', label: account.is_banned ? 'Unban' : 'Ban', color: 'red' },
    { action: 'delete', label: 'Delete', color: 'red' },
  );
  return list;
}

/** /admin/accounts: every account, filtered, sorted and paged on the server, with its actions and history. */
export function AdminAccountsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // `?account=<id>` (a link from the activity log): the list is searched for it and its drawer opens once it is listed.
  const linked = Number(params.get('account')) || null;
  const [search, setSearch] = useState(linked ? String(linked) : '');
  const [plan, setPlan] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [banned, setBanned] = useState<string | null>(null);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [sort, setSort] = useState('created_at:desc');
  const paging = useTablePaging(DEFAULT_PAGE_SIZE);
  const [open, setOpen] = useState<{ account: AdminAccountRow; action: AccountAction | 'history' } | null>(null);

  const filters = [
    ...(search.trim() ? [`search:${search.trim()}`] : []),
    ...(plan ? [`plan:${plan}`] : []),
    ...(category ? [`category:${category === NOT_GIVEN ? '' : category}`] : []),
    ...(banned ? [`banned:${banned}`] : []),
  ];
  const query = {
    'filters[]': filters,
    'sorting[]': [sort],
    limit: paging.limit,
    offset: paging.offset,
    dateStart: day(range[0]),
    dateEnd: day(range[1] ?? range[0]),
  };
  const list = useQuery({ queryKey: adminKeys.accounts(query), queryFn: () => filterAccounts(query), placeholderData: keepPreviousData });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
  const first = paging.firstPage;

  const onImpersonate = async (userId: number) => {
    try {
      const { token, location } = await impersonate(userId);
      setToken(token);
      queryClient.removeQueries({ predicate: (q) => !['config', USER_KEY[0]].includes(String(q.queryKey[0])) });
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      void navigate(location, { replace: true });
    } catch (error) {
      notifyError(`Error: ${errorMessage(error)}`);
    }
  };

  const data = list.data;
  useEffect(() => {
    const account = linked ? data?.accounts.find((a) => a.id === linked) : undefined;
    if (!account) return;
    setOpen({ account, action: 'history' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('account');
        return next;
      },
      { replace: true },
    );
  }, [linked, data, setParams]);
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Accounts"
        description="Every organisation using Laurel: find one, act on it, and see what was done to it."
      />
      <Card padding="md" shadow="xs" mb="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            size="sm"
            label="Search"
            placeholder="Name, URL, email or id"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => first(setSearch)(e.currentTarget.value)}
            w={{ base: '100%', sm: 240 }}
          />
          <Select
            label="Plan"
            placeholder="Any plan"
            clearable
            data={(data?.plans ?? []).map((p) => ({ value: p.id, label: p.title }))}
            value={plan}
            onChange={first(setPlan)}
            w={{ base: '100%', xs: 180 }}
          />
          <Select
            label="Category"
            placeholder="Any category"
            clearable
            searchable
            data={(data?.categories ?? []).map((c) => ({ value: c.id || NOT_GIVEN, label: c.title }))}
            value={category}
            onChange={first(setCategory)}
            w={{ base: '100%', xs: 180 }}
          />
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            data={[
              { value: '0', label: 'Active' },
              { value: '1', label: 'Banned' },
            ]}
            value={banned}
            onChange={first(setBanned)}
            w={{ base: '100%', xs: 140 }}
          />
          <DatePickerInput
            type="range"
            label="Created"
            placeholder="Any date"
            clearable
            minDate={new Date(2014, 0, 1)}
            value={range}
            allowSingleDateInRange
            maxDate={new Date()}
            onChange={([from, to]) => first(setRange)([from ? String(from) : null, to ? String(to) : null])}
            valueFormat="M/D/YYYY"
            w={{ base: '100%', xs: 230 }}
          />
          <Select
            label="Sort"
            data={SORTS}
            value={sort}
            onChange={(v) => v && first(setSort)(v)}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
        </Group>
      </Card>
      {list.isError && <LoadFailed title="The accounts could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {data && (
        <PagedTable
          minWidth={860}
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover
          aria-label="Accounts"
          pager={{ label: 'Account pages', total: data.count, ...paging.pager }}
        >
          <Table.Thead bg="stone.0">
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th>Admin</Table.Th>
              <Table.Th>Plan</Table.Th>
              <Table.Th ta="right">Credits</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last sign-in</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            {data.accounts.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text size="sm" c="stone.6" ta="center" py="lg">
                    No account matches these filters.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {data.accounts.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor
                      component="button"
                      type="button"
                      fw={600}
                      size="sm"
                      ta="left"
                      onClick={() => setOpen({ account, action: 'history' })}
                    >
                      {account.name}
                    </Anchor>
                    {account.is_banned && (
                      <Badge color="red" size="xs">
                        Banned
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="stone.6">
                    {account.category ? `${account.url} · ${account.category}` : account.url}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {account.admin ? (
                    <>
                      <Text size="sm">{`${account.admin.first_name} ${account.admin.last_name}`.trim() || '—'}</Text>
                      <Text size="xs" c="stone.6">
                        {account.admin.email}
                        {account.admin.confirmed ? '' : ' · not confirmed'}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm" c="stone.6">
                      No admin
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{account.plan.display_name}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600}>
                    {(account.credits + account.subscription_credits).toLocaleString('en-US')}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDate(account.created_at)}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" c="stone.6">
                    {account.last_login_at ? formatDateTime(account.last_login_at) : 'Never'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${account.name}`}>
                        <IconDots size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setOpen({ account, action: 'history' })}>History</Menu.Item>
                      {actionsFor(account).map((item) => (
                        <Menu.Item key={item.action} color={item.color} onClick={() => setOpen({ account, action: item.action })}>
                          {item.label}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </PagedTable>
      )}
      {open?.action === 'history' && <AccountHistoryDrawer account={open.account} onClose={() => setOpen(null)} />}
      {open && open.action !== 'history' && (
        <AccountActionModal
          account={open.account}
          action={open.action}
          onClose={() => setOpen(null)}
          onDone={refresh}
          onImpersonate={onImpersonate}
        />
      )}
    </>
  );
}
