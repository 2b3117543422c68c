import { type LoginResponse, pinCodeForm } from '@laurel/domain';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { validateWith } from '../../shared/forms/schema.ts';
import { sendSignInCode } from './api.ts';
import { useCodeSignIn } from './useCodeSignIn.ts';

interface TwoFactorCodeFormProps {
  credentials: { email: string; password: string };
  /** The server's reason for asking. */
  message: string;
  onSignedIn: (response: LoginResponse) => void;
  /** A sign-in code was emailed: the email-code step takes over. */
  onEmailed: (message: string) => void;
  onBack: () => void;
}

/**
 * The `google2fa` step of a sign-in (docs/product/sign-in-and-sessions.md#screens): the six-digit code of the authenticator app, or one of
 * the recovery codes, typed with the password already given; or a code by email instead.
 */
export function TwoFactorCodeForm({ credentials, message, onSignedIn, onEmailed, onBack }: TwoFactorCodeFormProps) {
  const { error, setError, busy, signIn } = useCodeSignIn(credentials, onSignedIn);
  const [mailing, setMailing] = useState(false);
  const form = useForm({
    initialValues: { pin_code: '' },
    validate: validateWith(pinCodeForm),
  });

  const submit = form.onSubmit(({ pin_code }) => signIn({ pin_code: pin_code.trim() }));

  const emailInstead = async () => {
    setError(null);
    setMailing(true);
    try {
      await sendSignInCode(credentials);
      onEmailed(`We emailed a six-digit sign-in code to ${credentials.email}. Enter it to sign in.`);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setMailing(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Two-factor authentication">
      <Stack gap="md">
        <Alert color="laurel" variant="light" icon={<IconDeviceMobile size={18} />} role="status">
          {message}
        </Alert>
        {error && <FormError>{error}</FormError>}
        <TextInput
          label="Authentication code"
          description="From your authenticator app, or a recovery code"
          autoComplete="one-time-code"
          maxLength={40}
          placeholder="123456"
          data-autofocus
          autoFocus
          {...form.getInputProps('pin_code')}
        />
        <Group justify="space-between" mt={-6}>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Back
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={emailInstead} disabled={mailing}>
            Use a code by email instead
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={busy}>
          Verify and sign in
        </Button>
      </Stack>
    </form>
  );
}
