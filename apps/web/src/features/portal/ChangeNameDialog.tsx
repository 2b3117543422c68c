import { ACCOUNT_DELETION_MESSAGES, type UserDto } from '@laurel/domain';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { queryClient } from '../../shared/api/query-client.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { USER_KEY } from '../../shared/session/queries.ts';
import { changePortalUserName } from './api.ts';

/** The portal's "change name" dialog (docs/product/recipient-portal.md#screens dialogs, docs/product/recipient-portal.md#messages name update messages). */
export function ChangeNameDialog({ user, opened, onClose }: { user: UserDto; opened: boolean; onClose(): void }) {
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const rename = useMutation({
    mutationFn: () => changePortalUserName({ first_name: firstName.trim(), last_name: lastName.trim() }),
    onSuccess: async () => {
      notifySuccess(ACCOUNT_DELETION_MESSAGES.nameUpdated);
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
      onClose();
    },
    onError: () => notifyError(ACCOUNT_DELETION_MESSAGES.nameNotUpdated),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Change your name" centered>
      <form onSubmit={submit}>
        <Stack gap="md">
          <TextInput label="First name" value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} required maxLength={100} />
          <TextInput label="Last name" value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} required maxLength={100} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending} disabled={!firstName.trim() || !lastName.trim()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
