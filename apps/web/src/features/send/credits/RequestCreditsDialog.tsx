import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { requestCredits } from '../api/send.ts';

/**
 * For members who cannot buy credits (sub-users): the request is emailed to the account admin,
 * who can add them (docs/product/billing-and-credits.md#calls: accounts/send-credits-request; at least 1).
 */
export function RequestCreditsDialog({ opened, suggested, onClose }: { opened: boolean; suggested: number; onClose: () => void }) {
  const [amount, setAmount] = useState<number | string>(Math.max(1, suggested));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setAmount(Math.max(1, suggested));
      setError(null);
    }
  }, [opened, suggested]);
  const send = useMutation({
    mutationFn: () => requestCredits(Number(amount)),
    onSuccess: (result) => {
      notifySuccess(result.admin_email ? `Your request was emailed to ${result.admin_email}.` : result.message, 'Credits requested');
      onClose();
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Request credits">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!Number.isInteger(Number(amount)) || Number(amount) < 1) return setError('Request at least 1 credit.');
          send.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="stone.7">
            Each certificate sent uses one credit. We will email your account administrator, who can add credits to the account.
          </Text>
          <NumberInput
            label="Credits needed"
            min={1}
            max={100000}
            allowDecimal={false}
            value={amount}
            onChange={setAmount}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
