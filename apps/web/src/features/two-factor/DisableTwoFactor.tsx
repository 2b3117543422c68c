import { disableTwoFactorForm } from '@laurel/domain';
import { Anchor, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { validateWith } from '../../shared/forms/schema.ts';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { disableTwoFactor, sendDisableTwoFactorCode } from './api.ts';
import { StatusHeading } from './StatusHeading.tsx';

/** On: turning it off takes a code from the app, a recovery code, or a code we email. */
export function DisableTwoFactor({ onDisabled }: { onDisabled: () => void }) {
  const [withEmail, setWithEmail] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { pin_code: '' },
    validate: validateWith(disableTwoFactorForm),
  });

  const emailCode = async () => {
    setError(null);
    try {
      const reply = await sendDisableTwoFactorCode();
      setWithEmail(true);
      setNotice(reply.message);
      form.reset();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const submit = form.onSubmit(async ({ pin_code }) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await disableTwoFactor({ pin_code: pin_code.trim(), with_email: withEmail });
      notifySuccess(reply.message);
      onDisabled();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  });

  return (
    <Card padding="xl" shadow="xs">
      <StatusHeading enabled />
      <Text c="stone.6" size="sm" mb="lg" maw={560}>
        Signing in asks for a code from your authenticator app. To turn this off, confirm with a code from the app or one of your recovery
        codes.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Turn off two-factor authentication">
        <Stack gap="md" maw={420}>
          {error && <FormError>{error}</FormError>}
          {notice && (
            <Text size="sm" c="laurel.8" role="status">
              {notice}
            </Text>
          )}
          <TextInput
            label={withEmail ? 'Code from the email' : 'Authentication code'}
            description={withEmail ? 'Valid for 15 minutes' : 'From your authenticator app, or a recovery code'}
            autoComplete="one-time-code"
            maxLength={40}
            placeholder="123456"
            {...form.getInputProps('pin_code')}
          />
          <Group justify="space-between">
            <Button type="submit" color="red" variant="light" loading={busy}>
              Turn off
            </Button>
            {withEmail ? (
              <Anchor component="button" type="button" size="sm" onClick={() => setWithEmail(false)}>
                Use the app&apos;s code instead
              </Anchor>
            ) : (
              <Anchor component="button" type="button" size="sm" onClick={emailCode}>
                Email me a code instead
              </Anchor>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
