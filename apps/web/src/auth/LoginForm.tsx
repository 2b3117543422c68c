import type { SignInChallenge } from '@laurel/domain';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../api/errors.ts';
import { useCompleteSignIn } from '../session/useCompleteSignIn.ts';
import { getCsrfToken, login } from './api.ts';
import { FormError } from './FormError.tsx';
import { SecondFactorStep } from './SecondFactorStep.tsx';
import { emailError, requiredError } from './validators.ts';

interface LoginFormProps {
  onForgot: (email: string) => void;
  notice?: ReactNode;
  /** Other ways in (single sign-on, social buttons), under the password's button. */
  alternatives?: ReactNode;
}

/** Email and password, with the CSRF token the main sign-in form carries (spec 1 §7). */
export function LoginForm({ onForgot, notice, alternatives }: LoginFormProps) {
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  const csrf = useQuery({ queryKey: ['csrf'], queryFn: getCsrfToken, staleTime: 60 * 60_000 });
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: emailError, password: requiredError('Password') },
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const token = csrf.data?.csrf_token ?? (await csrf.refetch()).data?.csrf_token ?? '';
      const response = await login({ email: values.email.trim(), password: values.password, csrf_token: token });
      if (response.require_action === null) completeSignIn(response);
      else {
        setChallenge(response);
        setBusy(false);
      }
    } catch (failure) {
      // An expired form token is replaced so the next attempt works without a reload.
      if (failure instanceof ApiError && failure.body.error_type === 'csrf') void csrf.refetch();
      setError(errorMessage(failure));
      setBusy(false);
    }
  });

  if (challenge) {
    return (
      <SecondFactorStep
        credentials={{ email: form.values.email.trim(), password: form.values.password }}
        challenge={challenge}
        onSignedIn={completeSignIn}
        onBack={() => setChallenge(null)}
      />
    );
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
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
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
