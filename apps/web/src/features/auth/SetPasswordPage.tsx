import { confirmPasswordProblem, MESSAGES, PASSWORD_MIN_LENGTH, passwordProblem } from '@laurel/domain';
import { Button, Center, Loader, PasswordInput, Stack, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { useCompleteSignIn } from '../../shared/session/useCompleteSignIn.ts';
import { TermsCheckbox } from '../legal/index.ts';
import { AuthHeading } from './AuthHeading.tsx';
import { checkPasswordLink, type PasswordLinkMode, setPassword } from './api.ts';
import { authKeys } from './query-keys.ts';

const EXPIRED = '/?link=expired';

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The set-password form behind both emailed links (docs/product/sign-in-and-sessions.md#screens): /user/confirm/:code finishes a new
 * account (with the terms when the server asks), /user/reset/:code chooses a new password. Either
 * signs the user in when the server hands back a session; otherwise (a second factor is due) the
 * success state leads to the sign-in form.
 */
export function SetPasswordPage({ mode }: { mode: PasswordLinkMode }) {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const link = useQuery({
    queryKey: authKeys.passwordLink(mode, code),
    queryFn: () => checkPasswordLink(mode, code),
    retry: false,
    staleTime: Infinity,
  });
  const showTerms = mode === 'confirm' && !!link.data?.show_toc;

  const form = useForm({
    initialValues: { password: '', password_confirmation: '', accept_terms: false },
    validate: {
      password: (value) => passwordProblem(value),
      password_confirmation: (value, values) => confirmPasswordProblem(values.password, value),
      accept_terms: (value) => (showTerms && !value ? 'Please accept the Terms of Service to continue.' : null),
    },
  });

  useEffect(() => {
    if (isGone(link.error)) void navigate(EXPIRED, { replace: true });
  }, [link.error, navigate]);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await setPassword(mode, {
        code,
        password: values.password,
        password_confirmation: values.password_confirmation,
        ...(showTerms ? { accept_terms: values.accept_terms } : {}),
      });
      if (reply.session) completeSignIn(reply.session);
      else setDone(true);
    } catch (failure) {
      if (isGone(failure)) void navigate(EXPIRED, { replace: true });
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  });

  if (link.isPending || isGone(link.error)) {
    return (
      <Center py={80} role="status" aria-label="Checking your link">
        <Loader />
      </Center>
    );
  }

  if (link.isError) {
    return (
      <Stack gap="lg">
        <AuthHeading title="We could not open this link" />
        <FormError>{errorMessage(link.error)}</FormError>
        <Button variant="default" onClick={() => void link.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }

  if (done) {
    return (
      <Stack gap="lg" data-testid="password-set">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCircleCheck size={30} stroke={1.6} />
        </ThemeIcon>
        <AuthHeading title={MESSAGES.passwordSet}>
          {mode === 'confirm' ? 'Your account is ready. Sign in to design your first certificate.' : 'Sign in with your new password.'}
        </AuthHeading>
        <Button component={Link} to="/login" size="md">
          Sign in
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <AuthHeading title={mode === 'confirm' ? 'Welcome to Laurel' : 'Choose a new password'}>
        {mode === 'confirm' ? 'Choose a password for ' : 'Set a new password for '}
        <strong>{link.data.email}</strong>
        {mode === 'confirm' ? ' to finish setting up your account.' : '.'}
      </AuthHeading>
      <form onSubmit={submit} noValidate aria-label="Set password">
        <Stack gap="md">
          {error && <FormError>{error}</FormError>}
          <input type="email" name="username" autoComplete="username" value={link.data.email} readOnly hidden />
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters. Longer is stronger; common passwords are refused.`}
            autoComplete="new-password"
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordInput label="Confirm password" autoComplete="new-password" {...form.getInputProps('password_confirmation')} />
          {showTerms && (
            <TermsCheckbox
              checked={form.values.accept_terms}
              onChange={(checked) => form.setFieldValue('accept_terms', checked)}
              error={form.errors.accept_terms}
            />
          )}
          <Button type="submit" size="md" fullWidth loading={busy} mt="xs">
            Set password
          </Button>
        </Stack>
      </form>
    </>
  );
}
