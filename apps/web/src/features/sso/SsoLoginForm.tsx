import { ssoStartForm } from '@laurel/domain';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { validateWith } from '../../shared/forms/schema.ts';
import { startSsoLogin } from './api.ts';

/** The login page's `sso` form (docs/product/sign-in-and-sessions.md#screens): the work email, then off to the organisation's identity provider. */
export function SsoLoginForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { email: initialEmail }, validate: validateWith(ssoStartForm) });

  const submit = form.onSubmit(async ({ email }) => {
    setBusy(true);
    setError(null);
    try {
      const { redirect_url } = await startSsoLogin(email.trim());
      window.location.assign(redirect_url);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Single sign-on">
      <Stack gap="md">
        {error && <FormError>{error}</FormError>}
        <TextInput
          label="Work email"
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          autoFocus
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth loading={busy}>
          Continue to your identity provider
        </Button>
        <Text size="sm" c="stone.6" ta="center">
          <Anchor component="button" type="button" size="sm" fw={600} onClick={onBack}>
            Use your password instead
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
