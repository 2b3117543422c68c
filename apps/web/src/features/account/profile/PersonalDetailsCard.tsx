import { personalDetailsForm, type UserDto } from '@laurel/domain';
import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { validateWith } from '../../../shared/forms/schema.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { updateName } from './api.ts';
import { ChangeEmailDialog } from './ChangeEmailDialog.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { ConfirmPasswordDialog } from './ConfirmPasswordDialog.tsx';

type Dialog = 'confirm' | 'password' | 'email' | null;

/** The signed-in user's own name (saved with their password), email and password. */
export function PersonalDetailsCard({ user, onChanged }: { user: UserDto; onChanged: () => Promise<unknown> }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const form = useForm({
    initialValues: { first_name: user.first_name, last_name: user.last_name },
    validate: validateWith(personalDetailsForm),
  });
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.username;

  const saveWith = async (password: string) => {
    const reply = await updateName(user.id, { ...form.values, password });
    form.resetDirty();
    setDialog(null);
    await onChanged();
    notifySuccess('message' in reply ? reply.message : 'Success: Your account details have been updated.');
  };

  return (
    <Card padding="xl" shadow="xs">
      <Group gap="lg" mb="lg" wrap="nowrap">
        <Avatar size={56} radius="xl" color="laurel" src={user.image ?? undefined}>
          {fullName.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={650} size="lg" truncate>
            Personal details
          </Text>
          <Text c="stone.6" size="sm">
            Your own sign-in and name; saving asks for your password.
          </Text>
        </Stack>
      </Group>
      <form onSubmit={form.onSubmit(() => setDialog('confirm'))} noValidate aria-label="Personal details">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" autoComplete="given-name" maxLength={100} {...form.getInputProps('first_name')} />
            <TextInput label="Last name" autoComplete="family-name" maxLength={100} {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput label="Email" value={user.email} readOnly variant="filled" description="Change it with a code sent to this address." />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs">
              <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => setDialog('email')}>
                Change email
              </Button>
              <Button variant="default" leftSection={<IconKey size={16} />} onClick={() => setDialog('password')}>
                Change password
              </Button>
            </Group>
            <Button type="submit" disabled={!form.isDirty()}>
              Save details
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmPasswordDialog opened={dialog === 'confirm'} onClose={() => setDialog(null)} onConfirm={saveWith} />
      <ChangePasswordDialog userId={user.id} email={user.email} opened={dialog === 'password'} onClose={() => setDialog(null)} />
      <ChangeEmailDialog
        userId={user.id}
        email={user.email}
        opened={dialog === 'email'}
        onClose={() => setDialog(null)}
        onChanged={onChanged}
      />
    </Card>
  );
}
