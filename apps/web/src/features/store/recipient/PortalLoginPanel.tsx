import { confirmPasswordProblem, passwordProblem } from '@laurel/domain';
import { Badge, Button, Group, Modal, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { confirmPortalLogin, deletePortalLogin, getPortalLogin, setPortalPassword } from '../api/portal-logins.ts';
import { storeKeys } from '../query-keys.ts';

/**
 * A recipient's portal sign-in as the account admin sees it, with the admin's three actions on it: a new
 * password, confirming the address, deleting the sign-in (the certificates stay).
 */
export function PortalLoginPanel({ recipientId }: { recipientId: number }) {
  const queryClient = useQueryClient();
  const key = storeKeys.portalLogin(recipientId);
  const login = useQuery({ queryKey: key, queryFn: () => getPortalLogin(recipientId) });
  const [dialog, setDialog] = useState<'password' | 'delete' | null>(null);
  const done = (message: string) => {
    notifySuccess(message);
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const onError = (error: unknown) => notifyError(errorMessage(error));
  const confirm = useMutation({ mutationFn: (id: number) => confirmPortalLogin(id), onSuccess: (r) => done(r.message), onError });
  const remove = useMutation({ mutationFn: (id: number) => deletePortalLogin(id), onSuccess: (r) => done(r.message), onError });
  const user = login.data?.user ?? null;
  if (!login.isSuccess) return null;

  return (
    <Paper withBorder radius="md" p="sm" aria-label="Portal sign-in">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Portal sign-in
          </Text>
          {user ? (
            <Badge variant="light" color={user.confirmed ? 'laurel' : 'gilt'}>
              {user.confirmed ? 'Confirmed' : 'Not confirmed'}
            </Badge>
          ) : (
            <Badge variant="light" color="stone">
              None yet
            </Badge>
          )}
        </Group>
        {user && (
          <Group gap={6}>
            <Button size="compact-xs" variant="light" leftSection={<IconKey size={12} />} onClick={() => setDialog('password')}>
              Set password
            </Button>
            {!user.confirmed && (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconCheck size={12} />}
                loading={confirm.isPending}
                onClick={() => confirm.mutate(user.id)}
              >
                Confirm
              </Button>
            )}
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={12} />}
              onClick={() => setDialog('delete')}
            >
              Delete sign-in
            </Button>
          </Group>
        )}
      </Group>
      {user && dialog === 'password' && (
        <PasswordDialog userId={user.id} email={user.email} onClose={() => setDialog(null)} onDone={done} />
      )}
      {user && (
        <Modal opened={dialog === 'delete'} onClose={() => setDialog(null)} title="Delete the portal sign-in?" centered>
          <Stack gap="md">
            <Text size="sm">
              {user.email} can no longer sign in to your portal until they register again. The certificates you sent them stay.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                Cancel
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(user.id)}>
                Delete sign-in
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Paper>
  );
}

function PasswordDialog({
  userId,
  email,
  onClose,
  onDone,
}: {
  userId: number;
  email: string;
  onClose(): void;
  onDone(message: string): void;
}) {
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: {
      password: (value) => passwordProblem(value),
      confirmation: (value, values) => confirmPasswordProblem(values.password, value),
    },
  });
  const save = useMutation({
    mutationFn: (values: { password: string; confirmation: string }) => setPortalPassword(userId, values.password, values.confirmation),
    onSuccess: (reply) => onDone(reply.message),
    onError: (error) => notifyError(errorMessage(error, 'Password not updated.')),
  });
  return (
    <Modal opened onClose={onClose} title={`New portal password for ${email}`} centered>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="md">
          <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordInput label="Confirm password" autoComplete="new-password" {...form.getInputProps('confirmation')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Set password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
