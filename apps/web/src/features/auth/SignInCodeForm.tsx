import { emailCodeForm, type LoginResponse } from '@laurel/domain';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { validateWith } from '../../shared/forms/schema.ts';
import { sendSignInCode } from './api.ts';
import { useCodeSignIn } from './useCodeSignIn.ts';

interface SignInCodeFormProps {
  credentials: { email: string; password: string };
  /** The server's reason for asking. */
  message: string;
  onSignedIn: (response: LoginResponse) => void;
  onBack: () => void;
}

/**
 * The second step of a sign-in the server challenged with `email2fa` (docs/product/sign-in-and-sessions.md#screens): the six-digit code
 * emailed to the address, typed with the password already given.
 */
export function SignInCodeForm({ credentials, message, onSignedIn, onBack }: SignInCodeFormProps) {
  const { error, setError, busy, signIn } = useCodeSignIn(credentials, onSignedIn);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email_code: '' },
    validate: validateWith(emailCodeForm),
  });

  const submit = form.onSubmit(({ email_code }) => signIn({ email_code: email_code.trim() }));

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
          {...form.getInputProps('email_code')}
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
