import type { AdminAccountRow } from '@laurel/domain';
import { Badge, Card, Drawer, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '../../../shared/components/LoadFailed.tsx';
import { TablePager } from '../../../shared/components/TablePager.tsx';
import { formatDate, formatDateTime } from '../../../shared/lib/format.ts';
import { adminKeys } from '../query-keys.ts';
import { accountHistory } from './api.ts';

const PAGE = 10;

/** Audit actions as a person reads them; an action not named here shows as written. */
const ACTION_LABELS: Record<string, string> = {
  'account.admin_update': 'Credits or sets changed',
  'account.notify_days': 'Notification days changed',
  'account.recipients_no_login': 'Recipients-without-login changed',
  'account.emailed': 'Emailed',
  'account.trial_reset': 'Free trial restarted',
  'account.banned': 'Banned',
  'account.unbanned': 'Unbanned',
  'account.plan_granted': 'Plan granted',
  'account.plan_cancelled': 'Plan cancelled',
  'account.deletion_requested': 'Deletion requested',
  'account.updated': 'Details changed',
  'user.password_set_by_admin': 'Password changed',
  'user.confirmed_by_admin': 'User confirmed',
  'user.impersonated': 'Impersonated',
  'user.impersonation_ended': 'Impersonation ended',
  'billing.admin_refreshed': 'Billing re-read from Stripe',
  'billing.admin_subscription_cancelled': 'Subscription cancelled',
  'billing.charge.refunded': 'Payment refunded',
  'billing.charge.dispute.created': 'Payment disputed',
  'billing.charge.dispute.closed': 'Payment dispute closed',
  'auth.login': 'Signed in',
};

function summary(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

/** The account's figures and its audit history: what was done to it, by whom, from where. */
export function AccountHistoryDrawer({ account, onClose }: { account: AdminAccountRow; onClose(): void }) {
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: adminKeys.accounts('history', account.id, page),
    queryFn: () => accountHistory(account.id, PAGE, (page - 1) * PAGE),
    placeholderData: keepPreviousData,
  });
  const facts: [string, string][] = [
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
    ['Free trial', `${account.trial_days_remaining} days left`],
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
              <Text size="sm" fw={600}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text fw={650}>History</Text>
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
                          {ACTION_LABELS[entry.action] ?? entry.action}
                        </Text>
                        <Text size="xs" c="stone.6" lineClamp={2}>
                          {summary(entry.details)}
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
