import { credentialsRegisterRequest } from '@laurel/domain';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { validateWith } from '../../shared/forms/schema.ts';
import { registerHolder } from './api.ts';

interface CredentialsRegisterFormProps {
  initialEmail: string;
  onRegistered: (email: string) => void;
  onSignIn: () => void;
  onForgot: (email: string) => void;
}

/** The credentials portal's registration: names and the address certificates were sent to; a link follows by email. */
export function CredentialsRegisterForm({ initialEmail, onRegistered, onSignIn, onForgot }: CredentialsRegisterFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [exists, setExists] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { first_name: '', last_name: '', email: initialEmail },
    validate: validateWith(credentialsRegisterRequest),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    setExists(false);
    const body = { first_name: values.first_name.trim(), last_name: values.last_name.trim(), email: values.email.trim() };
    try {
      await registerHolder(body);
      onRegistered(body.email);
    } catch (failure) {
      // docs/product/sign-in-and-sessions.md#messages: a 400 here means the address already has a sign-in.
      if (failure instanceof ApiError && failure.status === 400 && failure.body.error_type === 'user_exist') setExists(true);
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Create your sign-in">
      <Stack gap="md">
        {exists && (
          <FormError title="You already have a sign-in">
            This address already has a Laurel sign-in.{' '}
            <Anchor component="button" type="button" fw={600} size="sm" underline="always" onClick={onSignIn}>
              Sign in
            </Anchor>{' '}
            or{' '}
            <Anchor
              component="button"
              type="button"
              fw={600}
              size="sm"
              underline="always"
              onClick={() => onForgot(form.values.email.trim())}
            >
              reset your password
            </Anchor>
            .
          </FormError>
        )}
        {error && <FormError>{error}</FormError>}
        <Group grow gap="sm" wrap="wrap" align="flex-start">
          <TextInput
            label="First name"
            autoComplete="given-name"
            miw={140}
            autoFocus={!initialEmail}
            {...form.getInputProps('first_name')}
          />
          <TextInput label="Last name" autoComplete="family-name" miw={140} {...form.getInputProps('last_name')} />
        </Group>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          description="The address your certificates were sent to."
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth loading={busy}>
          Email me a link
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onSignIn} ta="center">
          I already have a sign-in
        </Anchor>
      </Stack>
    </form>
  );
}
