import type { AccountPick } from '@laurel/domain';
import { Button, Card, Center, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { AccountPicker } from './accounts/AccountPicker.tsx';
import { ACCOUNTS_KEY, destroySubscription, getPlans, setPlan } from './accounts/api.ts';
import { adminKeys } from './query-keys.ts';

/** /subscriptions: the plans of the catalogue, and an account's plan granted or cancelled. */
export function AdminSubscriptionsPage() {
  const plans = useQuery({ queryKey: adminKeys.plans(), queryFn: getPlans });
  const [account, setAccount] = useState<AccountPick | null>(null);
  const [plan, setPlanChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const changed = (next: AccountPick) => {
    setAccount(next);
    void queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
  };

  const apply = async () => {
    if (!account || !plan) return;
    setBusy(true);
    try {
      const state = await setPlan(account.id, plan === 'free' ? null : plan);
      notifySuccess(`${account.name} is now on ${state.plan.display_name}.`);
      changed({ ...account, plan: state.plan });
    } catch (error) {
      notifyError(`Error: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const destroy = () =>
    account &&
    modals.openConfirmModal({
      title: 'Cancel subscription',
      children: <Text size="sm">{account.name} goes back to the Free plan now. Credits already granted this month stay.</Text>,
      labels: { confirm: 'Cancel subscription', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          notifySuccess((await destroySubscription(account.id)).message);
          changed({ ...account, plan: { id: null, display_name: 'Free' } });
        } catch (error) {
          notifyError(`Error: ${errorMessage(error)}`);
        }
      },
    });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Manage subscriptions"
        description="Grant an account a plan from the catalogue, or cancel it back to Free."
      />
      <Stack gap="md">
        <Card padding="xl" shadow="xs">
          <Stack gap="md">
            <AccountPicker value={account} onChange={setAccount} />
            {account && (
              <Text size="sm" c="stone.6">
                Current plan: <b>{account.plan.display_name}</b>
              </Text>
            )}
            <Group align="flex-end" wrap="wrap">
              <Select
                label="Plan"
                placeholder="Choose a plan"
                data={[{ value: 'free', label: 'Free' }, ...(plans.data?.plans ?? []).map((p) => ({ value: p.id, label: p.title }))]}
                value={plan}
                onChange={setPlanChoice}
                w={{ base: '100%', sm: 260 }}
              />
              <Button onClick={() => void apply()} loading={busy} disabled={!account || !plan}>
                Change plan
              </Button>
              <Button variant="light" color="red" onClick={destroy} disabled={!account || account.plan.id === null}>
                Cancel subscription
              </Button>
            </Group>
          </Stack>
        </Card>
        {plans.isError && <LoadFailed title="The plans could not be loaded" error={plans.error} onRetry={() => void plans.refetch()} />}
        {plans.isPending && (
          <Center py={40}>
            <Loader />
          </Center>
        )}
        {plans.data && (
          <Card padding={0} shadow="xs">
            <Table.ScrollContainer minWidth={520}>
              <Table aria-label="Plans">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Plan</Table.Th>
                    <Table.Th ta="right">Credits a month</Table.Th>
                    <Table.Th ta="right">Price (USD)</Table.Th>
                    <Table.Th ta="right">Team logins</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {plans.data.plans.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {p.title}
                        </Text>
                        <Text size="xs" c="stone.6">
                          {p.id}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{p.monthly_credits.toLocaleString('en-US')}</Table.Td>
                      <Table.Td ta="right">{p.price_usd}</Table.Td>
                      <Table.Td ta="right">{p.max_active_users}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </Stack>
    </>
  );
}
