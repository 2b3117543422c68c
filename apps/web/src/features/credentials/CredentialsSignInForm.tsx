import type { LoginResponse, SignInChallenge } from '@laurel/domain';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { SecondFactorStep, usePasswordSignIn } from '../auth/index.ts';

/** The failures the credentials sign-in tells apart (docs/product/credentials-portal.md#messages); anything else shows the server's message. */
type Failure = { kind: 'no_user' | 'not_confirmed' | 'wrong_password' | 'other'; message: string };

const KNOWN = new Set(['no_user', 'not_confirmed', 'wrong_password']);

interface CredentialsSignInFormProps {
  onSignedIn: (response: LoginResponse) => void;
  onRegister: (email: string) => void;
  onForgot: (email: string) => void;
  /** The second factor is asked for (`google2fa`), or a code was emailed (`email2fa`), or neither any more. */
  onStep?: (step: SignInChallenge['require_action'] | null) => void;
}

/**
 * Email and password on the credentials portal, with the main sign-in's second-factor steps. An unknown
 * address is offered registration, an unconfirmed one the mailed link again, a wrong password the reset.
 */
export function CredentialsSignInForm({ onSignedIn, onRegister, onForgot, onStep }: CredentialsSignInFormProps) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const { form, submit, busy, challenge, credentials, clearChallenge } = usePasswordSignIn({
    onStart: () => setFailure(null),
    onSignedIn,
    onChallenge: (step) => onStep?.(step.require_action),
    onFailure: (error) => {
      const type = error instanceof ApiError ? error.body.error_type : undefined;
      setFailure({ kind: type && KNOWN.has(type) ? (type as Failure['kind']) : 'other', message: errorMessage(error) });
    },
  });
  const email = credentials.email;

  if (challenge) {
    return (
      <SecondFactorStep
        credentials={credentials}
        challenge={challenge}
        onSignedIn={onSignedIn}
        onBack={() => {
          clearChallenge();
          onStep?.(null);
        }}
      />
    );
  }

  const link = (label: string, onClick: () => void) => (
    <Anchor component="button" type="button" fw={600} size="sm" underline="always" onClick={onClick}>
      {label}
    </Anchor>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {failure?.kind === 'no_user' && (
          <FormError title="No sign-in for this address">
            Nobody has registered {email || 'this address'} yet. {link('Create your sign-in', () => onRegister(email))} to see the
            certificates sent to it.
          </FormError>
        )}
        {failure?.kind === 'not_confirmed' && (
          <FormError title="Confirm your email first">
            Open the link we emailed you to choose your password. Lost it? {link('Send me a new link', () => onRegister(email))}.
          </FormError>
        )}
        {failure?.kind === 'wrong_password' && (
          <FormError title="Incorrect password">
            {failure.message} {link('Reset your password', () => onForgot(email))}.
          </FormError>
        )}
        {failure?.kind === 'other' && <FormError>{failure.message}</FormError>}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="you@example.com"
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <Group justify="flex-end" mt={-6}>
          <Anchor component="button" type="button" size="sm" onClick={() => onForgot(email)}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={busy}>
          Sign in
        </Button>
        <Text size="sm" c="stone.6" ta="center">
          First time here?{' '}
          <Anchor component="button" type="button" fw={600} size="sm" onClick={() => onRegister(email)}>
            Create your sign-in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
