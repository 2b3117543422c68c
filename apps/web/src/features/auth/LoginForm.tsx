import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { useCompleteSignIn } from '../../shared/session/useCompleteSignIn.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';
import { usePasswordSignIn } from './usePasswordSignIn.ts';

interface LoginFormProps {
  onForgot: (email: string) => void;
  notice?: ReactNode;
  /** Other ways in (single sign-on, social buttons), under the password's button. */
  alternatives?: ReactNode;
}

/** Email and password, with the CSRF token the main sign-in form carries (docs/product/sign-in-and-sessions.md#calls). */
export function LoginForm({ onForgot, notice, alternatives }: LoginFormProps) {
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  const { form, submit, busy, challenge, credentials, clearChallenge } = usePasswordSignIn({
    onStart: () => setError(null),
    onSignedIn: completeSignIn,
    onFailure: (failure) => setError(errorMessage(failure)),
  });

  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  // The server sends this form before the script (src/ssr): what was typed before the script took the form
  // over is in the fields but not yet in the form's values, so it is taken in; and the email field gets the
  // focus only if the visitor has not put it elsewhere meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form first appears
  useEffect(() => {
    const typedEmail = emailInput.current?.value;
    const typedPassword = passwordInput.current?.value;
    if (typedEmail) form.setFieldValue('email', typedEmail);
    if (typedPassword) form.setFieldValue('password', typedPassword);
    if (document.activeElement === document.body) emailInput.current?.focus();
  }, []);

  if (challenge) {
    return <SecondFactorStep credentials={credentials} challenge={challenge} onSignedIn={completeSignIn} onBack={clearChallenge} />;
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {notice}
        {error && <FormError>{error}</FormError>}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          ref={emailInput}
          {...form.getInputProps('email')}
        />
        <PasswordInput label="Password" autoComplete="current-password" ref={passwordInput} {...form.getInputProps('password')} />
        <Group justify="flex-end" mt={-6}>
          <Anchor component="button" type="button" size="sm" onClick={() => onForgot(form.values.email)}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={busy}>
          Sign in
        </Button>
        {alternatives}
        <Text size="sm" c="stone.6" ta="center">
          New to Laurel?{' '}
          <Anchor component={Link} to="/register" fw={600}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
