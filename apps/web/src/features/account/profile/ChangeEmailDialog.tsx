import { emailChangeForm } from '@laurel/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { FormError } from '../../../shared/forms/FormError.tsx';
import { validateWith } from '../../../shared/forms/schema.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { changeEmail, requestEmailCode } from './api.ts';

interface ChangeEmailDialogProps {
  userId: number;
  email: string;
  opened: boolean;
  onClose: () => void;
  onChanged: () => Promise<unknown>;
}

/** The change-email popup: a code mailed to the current address, then the code and the new address. */
export function ChangeEmailDialog({ userId, email, opened, onClose, onChanged }: ChangeEmailDialogProps) {
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { new_email: '', email_confirmation_code: '' },
    validate: validateWith(emailChangeForm),
  });

  const close = () => {
    form.reset();
    setSent(false);
    setError(null);
    onClose();
  };

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await requestEmailCode(userId);
      setSent(true);
    } catch {
      setError('Email sending error. Please check your email.');
    } finally {
      setBusy(false);
    }
  };

  const save = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await changeEmail(userId, {
        new_email: values.new_email.trim(),
        email_confirmation_code: values.email_confirmation_code.trim(),
      });
      await onChanged();
      notifySuccess(reply.message);
      close();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.body.field : undefined;
      if (field === 'new_email' || field === 'email_confirmation_code') form.setFieldError(field, errorMessage(failure));
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Change email" centered>
      <Stack gap="md">
        {error && <FormError>{error}</FormError>}
        {!sent ? (
          <>
            <Text size="sm" c="stone.6">
              We will email a six-digit code to <b>{email}</b>. Type it here with your new address to confirm the change.
            </Text>
            <Group justify="flex-end">
              <Button variant="subtle" color="stone" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button onClick={() => void send()} loading={busy}>
                Send code
              </Button>
            </Group>
          </>
        ) : (
          <form onSubmit={save} noValidate aria-label="Change email">
            <Stack gap="md">
              <Text size="sm" c="stone.6">
                We emailed a code to <b>{email}</b>.{' '}
                <Button variant="transparent" size="compact-sm" px={0} onClick={() => void send()} disabled={busy}>
                  Send it again
                </Button>
              </Text>
              <TextInput
                label="Confirmation code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={20}
                data-autofocus
                {...form.getInputProps('email_confirmation_code')}
              />
              <TextInput label="New email" type="email" autoComplete="email" {...form.getInputProps('new_email')} />
              <Group justify="flex-end">
                <Button variant="subtle" color="stone" onClick={close} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Change email
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
