import { type AdminAccountRow, auditActionLabel } from '@laurel/domain';
import { Anchor, Badge, Card, Drawer, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { TablePager } from '../../../shared/components/TablePager.tsx';
import { formatDate, formatDateTime, plural } from '../../../shared/lib/format.ts';
import { auditDetails } from '../audit-details.ts';
import { adminKeys } from '../query-keys.ts';
import { accountHistory } from './api.ts';

const PAGE = 10;

/** The account's figures and its audit history: what was done to it, by whom, from where. */
export function AccountHistoryDrawer({ account, onClose }: { account: AdminAccountRow; onClose(): void }) {
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: adminKeys.accounts('history', account.id, page),
    queryFn: () => accountHistory(account.id, PAGE, (page - 1) * PAGE),
    placeholderData: keepPreviousData,
  });
  // A fact the account never gave reads as such, in grey, never as a value (`null`).
  const facts: [string, string | null][] = [
    ['Plan', account.plan.display_name],
    ['Credits', `${account.credits.toLocaleString('en-US')} + ${account.subscription_credits.toLocaleString('en-US')} subscription`],
    [
      'Certificate sets',
      account.certificate_set_limit === null ? `${account.allowed_sets} own, no limit on the plan` : String(account.certificate_set_limit),
    ],
    ['Credits owed', account.credits_owed.toLocaleString('en-US')],
    ['Category', account.category],
    ['Created', formatDate(account.created_at)],
    ['Last sign-in', account.last_login_at ? formatDateTime(account.last_login_at) : 'Never'],
    ['Free trial', `${plural(account.trial_days_remaining, 'day')} left`],
    ['Notification days', account.notify_days.join(', ') || 'None'],
  ];
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={account.name}>
      <Stack gap="lg">
        <Group gap="xs">
          <Text size="sm" c="stone.6">
            {account.admin ? `${account.admin.first_name} ${account.admin.last_name} · ${account.admin.email}` : 'No admin'}
          </Text>
          {account.is_banned && <Badge color="red">Banned</Badge>}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="stone.6">
                {label}
              </Text>
              {value === null ? (
                <Text size="sm" c="stone.6">
                  Not given
                </Text>
              ) : (
                <Text size="sm" fw={600}>
                  {value}
                </Text>
              )}
            </div>
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <Text fw={650}>History</Text>
          <Anchor component={Link} to={`/admin/activity?account=${account.id}`} size="sm">
            Open in Activity
          </Anchor>
        </Group>
        {history.isError && (
          <LoadFailed title="The history could not be loaded" error={history.error} onRetry={() => void history.refetch()} />
        )}
        {history.data && history.data.count === 0 && (
          <Text size="sm" c="stone.6">
            Nothing has been done to this account yet.
          </Text>
        )}
        {history.data && history.data.count > 0 && (
          <Card padding={0} withBorder>
            <Table.ScrollContainer minWidth={520}>
              <Table aria-label="Account history" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>What</Table.Th>
                    <Table.Th>Who</Table.Th>
                    <Table.Th>From</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatDateTime(entry.created_at)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {auditActionLabel(entry.action)}
                        </Text>
                        <Text size="xs" c="stone.6" lineClamp={2}>
                          {auditDetails(entry.details)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{entry.actor?.email ?? 'System'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="stone.6">
                          {entry.ip ?? '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <TablePager label="History pages" page={page} size={PAGE} total={history.data.count} onPage={setPage} />
          </Card>
        )}
      </Stack>
    </Drawer>
  );
}
