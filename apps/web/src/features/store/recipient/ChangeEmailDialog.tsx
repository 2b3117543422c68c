import { isValidEmail, MESSAGES, type Recipient } from '@laurel/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { useSignedInUser } from '../../../shared/session/queries.ts';
import { PROJECTS_KEY } from '../../projects/index.ts';
import { changeRecipientEmail } from '../api/store.ts';

/** Moves a recipient to a new address; the certificate stays, a resend goes to the new one. */
export function ChangeEmailDialog({ recipient, onClose }: { recipient: Recipient | null; onClose(): void }) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once per recipient, so a refetch of the same one does not overwrite what is being typed
  useEffect(() => {
    setEmail(recipient?.email ?? '');
    setError(null);
  }, [recipient?.id]);

  const save = useMutation({
    mutationFn: () => changeRecipientEmail(user.account!.id, [recipient!.id], email.trim()),
    onSuccess: (result) => {
      notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      onClose();
    },
    onError: (e) => notifyError(errorMessage(e), 'Error updating email'),
  });

  const submit = () => {
    if (!isValidEmail(email.trim())) return setError(MESSAGES.invalidEmail);
    save.mutate();
  };

  return (
    <Modal opened={recipient !== null} onClose={onClose} title="Change email address">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="stone.7">
            The certificate stays as issued. Resend it afterwards to deliver it to the new address.
          </Text>
          <TextInput
            label="New email address"
            size="sm"
            data-autofocus
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!email.trim() || email.trim().toLowerCase() === recipient?.email}>
              Change email
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
