import { REVOCATION_REASON_MAX, type Recipient } from '@laurel/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { PROJECTS_KEY } from '../../projects/index.ts';
import { revokeRecipient } from '../api/store.ts';

const fullName = (r: Recipient) => `${r.first_name} ${r.last_name}`.trim();

/**
 * Revokes one certificate, with an optional reason that its page shows after the date
 * (docs/product/store.md#flows): "Revoked on March 3, 2026: issued to the wrong person".
 */
export function RevokeDialog({ recipient, onClose }: { recipient: Recipient | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  // A new recipient starts with an empty reason; the last one's words never carry over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: emptied once per recipient
  useEffect(() => setReason(''), [recipient?.id]);

  const revoke = useMutation({
    mutationFn: () => revokeRecipient(recipient!.id, reason.trim() || undefined),
    onSuccess: (result) => {
      notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      onClose();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });

  return (
    <Modal opened={recipient !== null} onClose={onClose} title="Revoke this certificate?">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          revoke.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {recipient &&
              `Anyone who opens ${fullName(recipient)}’s certificate link will see that it was revoked, when, and the reason you give. You can reinstate it later.`}
          </Text>
          <TextInput
            label="Reason"
            description={`Optional. Shown on the certificate’s page after the date, at most ${REVOCATION_REASON_MAX} characters.`}
            placeholder="Issued to the wrong person"
            data-autofocus
            maxLength={REVOCATION_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={revoke.isPending}>
              Revoke
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
