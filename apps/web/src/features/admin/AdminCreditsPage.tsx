import type { AccountPick, RefillRunReply } from '@laurel/domain';
import { Button, Card, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { formatDate } from '../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { AccountPicker } from './accounts/AccountPicker.tsx';
import { ACCOUNTS_KEY, triggerRefills, updateBalances } from './accounts/api.ts';

/** /credits: grant credits to an account through the ledger, and run the monthly refill now. */
export function AdminCreditsPage() {
  const [account, setAccount] = useState<AccountPick | null>(null);
  const [amount, setAmount] = useState<number | string>(100);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [run, setRun] = useState<RefillRunReply | null>(null);

  const grant = async () => {
    if (!account) return;
    setBusy(true);
    try {
      const balances = await updateBalances(account.id, { add_credits: Number(amount), reason });
      notifySuccess(`${amount} credits granted to ${account.name}: ${balances.credits + balances.subscription_credits} available.`);
      setAccount({ ...account, credits: balances.credits, subscription_credits: balances.subscription_credits });
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
    } catch (error) {
      notifyError(`Error: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const refill = () =>
    modals.openConfirmModal({
      title: 'Run the monthly refill now',
      children: (
        <Text size="sm">Every account whose current month has not been granted yet gets its credits now, as the hourly run would.</Text>
      ),
      labels: { confirm: 'Run refill', cancel: 'Cancel' },
      onConfirm: async () => {
        try {
          const reply = await triggerRefills();
          setRun(reply);
          notifySuccess(`Refill done: ${reply.refilled} ${reply.refilled === 1 ? 'account' : 'accounts'} refilled.`);
        } catch (error) {
          notifyError(`Error: ${errorMessage(error)}`);
        }
      },
    });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Manage credits"
        description="Grant or take back pay-as-you-go credits with a reason kept on the ledger, and run the monthly refill now."
        actions={<Button onClick={refill}>Trigger refills</Button>}
      />
      <Stack gap="md">
        <Card padding="xl" shadow="xs">
          <Stack gap="md">
            <Text fw={650}>Grant credits</Text>
            <AccountPicker value={account} onChange={setAccount} />
            {account && (
              <Text size="sm" c="stone.6">
                {account.plan.display_name} · {account.credits.toLocaleString('en-US')} pay-as-you-go +{' '}
                {account.subscription_credits.toLocaleString('en-US')} subscription credits
              </Text>
            )}
            <Group align="flex-end" wrap="wrap">
              <NumberInput label="Credits to add" description="Negative to take credits away" value={amount} onChange={setAmount} w={200} />
              <TextInput
                label="Reason"
                required
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                w={{ base: '100%', sm: 320 }}
              />
              <Button onClick={() => void grant()} loading={busy} disabled={!account || !Number(amount) || !reason.trim()}>
                Grant
              </Button>
            </Group>
          </Stack>
        </Card>
        {run && (
          <Card padding={0} shadow="xs">
            <Text fw={650} p="md">
              Last refill: {run.refilled} {run.refilled === 1 ? 'account' : 'accounts'}
            </Text>
            {run.grants.length > 0 && (
              <Table.ScrollContainer minWidth={560}>
                <Table aria-label="Refill grants">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Account</Table.Th>
                      <Table.Th>Period from</Table.Th>
                      <Table.Th ta="right">Credits</Table.Th>
                      <Table.Th ta="right">Lapsed</Table.Th>
                      <Table.Th>Next refill</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {run.grants.map((g) => (
                      <Table.Tr key={g.account_id}>
                        <Table.Td>#{g.account_id}</Table.Td>
                        <Table.Td>{formatDate(g.period_start)}</Table.Td>
                        <Table.Td ta="right">{g.credits}</Table.Td>
                        <Table.Td ta="right">{g.lapsed}</Table.Td>
                        <Table.Td>{formatDate(g.next_credit_date)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        )}
      </Stack>
    </>
  );
}
