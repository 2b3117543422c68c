import type { PurchaseRequest } from '@laurel/domain';
import { Alert, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCreditCardOff, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { describePurchase } from './describe.ts';
import { requestPurchase } from './purchase-api.ts';

/**
 * The manual provider's purchase: the server takes no card payments, so the purchase becomes a request
 * to the operator, who grants the plan, credits or sets by hand.
 */
function RequestPurchase({ purchase, onClose }: { purchase: PurchaseRequest; onClose: () => void }) {
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' } | { kind: 'sent'; to: string | null } | { kind: 'failed'; message: string }
  >({
    kind: 'idle',
  });
  const send = async () => {
    setState({ kind: 'sending' });
    try {
      const reply = await requestPurchase(purchase);
      setState({ kind: 'sent', to: reply.admin_email });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error) });
    }
  };
  if (state.kind === 'sent') {
    return (
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="teal" size={36} radius="xl">
            <IconMailCheck size={20} />
          </ThemeIcon>
          <Text size="sm">
            Your request has been sent{state.to ? ` to ${state.to}` : ''}. You will hear back by email once it is granted.
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">
        This server does not take card payments. Send a request to its operator instead: they add plans, credits and certificate sets to
        accounts by hand.
      </Text>
      <Alert variant="light" color="laurel" title="You are asking for">
        {describePurchase(purchase)}
      </Alert>
      {state.kind === 'failed' && (
        <Text size="sm" c="red.7" role="alert">
          {state.message}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={send} loading={state.kind === 'sending'}>
          Send request
        </Button>
      </Group>
    </Stack>
  );
}

export function openRequestPurchaseDialog(purchase: PurchaseRequest) {
  const id = modals.open({
    title: (
      <Group gap="xs">
        <IconCreditCardOff size={18} />
        <Text fw={600}>Card payments are not set up on this server</Text>
      </Group>
    ),
    children: <RequestPurchase purchase={purchase} onClose={() => modals.close(id)} />,
  });
}
