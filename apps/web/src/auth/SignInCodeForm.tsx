import type { LoginResponse } from '@laurel/domain';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../api/errors.ts';
import { getCsrfToken, login, sendSignInCode } from './api.ts';
import { FormError } from './FormError.tsx';

interface SignInCodeFormProps {
  credentials: { email: string; password: string };
  /** The server's reason for asking. */
  message: string;
  onSignedIn: (response: LoginResponse) => void;
  onBack: () => void;
}

/**
 * The second step of a sign-in the server challenged with `email2fa` (spec 1 §2): the six-digit code
 * emailed to the address, typed with the password already given.
 */
export function SignInCodeForm({ credentials, message, onSignedIn, onBack }: SignInCodeFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (/^\d{6}$/.test(value.trim()) ? null : 'Enter the six digits from the email') },
  });

  const submit = form.onSubmit(async ({ code }) => {
    setBusy(true);
    setError(null);
    try {
      const { csrf_token } = await getCsrfToken();
      const response = await login({ ...credentials, csrf_token, email_code: code.trim() });
      if (response.require_action === null) onSignedIn(response);
      else setError(response.message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  });

  const resend = async () => {
    setError(null);
    try {
      await sendSignInCode(credentials);
      setNotice(`We sent a new code to ${credentials.email}. The earlier one no longer works.`);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Confirm your sign-in">
      <Stack gap="md">
        <Alert color="gilt" variant="light" icon={<IconShieldLock size={18} />} role="status">
          {notice ?? message}
        </Alert>
        {error && <FormError>{error}</FormError>}
        <TextInput
          label="Sign-in code"
          description={`Sent to ${credentials.email}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          data-autofocus
          autoFocus
          {...form.getInputProps('code')}
        />
        <Group justify="space-between" mt={-6}>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Back
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={resend}>
            Send a new code
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={busy}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
