import { forgotForm } from '@laurel/domain';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { validateWith } from '../../shared/forms/schema.ts';
import { requestPasswordReset } from './api.ts';

interface ForgotPasswordFormProps {
  initialEmail: string;
  onSent: (email: string) => void;
  onBack: () => void;
  /** Who mails the link: the main sign-in's reset by default; a portal passes its own. */
  send?: (email: string) => Promise<unknown>;
}

/** Asks for a reset link; the answer never tells whether the address has an account. */
export function ForgotPasswordForm({ initialEmail, onSent, onBack, send = requestPasswordReset }: ForgotPasswordFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { email: initialEmail }, validate: validateWith(forgotForm) });

  const submit = form.onSubmit(async ({ email }) => {
    setBusy(true);
    setError(null);
    try {
      await send(email.trim());
      onSent(email.trim());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
      <Stack gap="md">
        {error && <FormError>{error}</FormError>}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          autoFocus
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth loading={busy}>
          Send reset link
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
