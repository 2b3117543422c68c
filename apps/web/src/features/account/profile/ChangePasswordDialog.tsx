import { confirmPasswordProblem, PASSWORD_MIN_LENGTH, passwordProblem, requiredMessage } from '@laurel/domain';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { FormError } from '../../../shared/forms/FormError.tsx';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { changePassword } from './api.ts';

/** The change-password popup: the current password, then the new one twice. Other sessions end. */
export function ChangePasswordDialog({
  userId,
  email,
  opened,
  onClose,
}: {
  userId: number;
  email: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { oldPassword: '', newPassword: '', confirmation: '' },
    validate: {
      oldPassword: (value) => (value ? null : requiredMessage('Current password')),
      newPassword: (value) => passwordProblem(value),
      confirmation: (value, values) => confirmPasswordProblem(values.newPassword, value),
    },
  });

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const save = form.onSubmit(async ({ oldPassword, newPassword }) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await changePassword(userId, { oldPassword, newPassword });
      notifySuccess(reply.message);
      close();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.body.field : undefined;
      if (field === 'oldPassword' || field === 'newPassword') form.setFieldError(field, errorMessage(failure));
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Change password" centered>
      <form onSubmit={save} noValidate aria-label="Change password">
        <Stack gap="md">
          {error && <FormError>{error}</FormError>}
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput label="Current password" autoComplete="current-password" data-autofocus {...form.getInputProps('oldPassword')} />
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters. Longer is stronger; common passwords are refused.`}
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput label="Confirm new password" autoComplete="new-password" {...form.getInputProps('confirmation')} />
          <Group justify="flex-end">
            <Button variant="subtle" color="stone" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
