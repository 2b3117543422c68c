import { MESSAGES, PORTAL_MESSAGES, type PortalAccount } from '@laurel/domain';
import { Anchor, Button, Center, Group, Loader, Paper, PasswordInput, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck, IconWorldOff } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { useCompleteSignIn } from '../../shared/session/useCompleteSignIn.ts';
import { PortalLoginButton } from '../portal-settings/index.ts';
import { portalSignIn, requestPortalReset, startFirstTime } from './api.ts';
import { PortalBrand } from './PortalBrand.tsx';
import { PortalCertificateList } from './PortalCertificateList.tsx';
import { usePortalAccount } from './usePortalAccount.ts';

/** The forms of the portal login (docs/product/recipient-portal.md#screens "Portal login"). */

const FIRST_TIME_TEXT = PORTAL_MESSAGES.firstTimeIntro;
type Form = 'login' | 'first' | 'reset' | 'resetSuccess' | 'invalidAccount';

/** What each error type of `auth-portal` leads to (docs/product/recipient-portal.md#messages). */
function loginFailure(error: unknown): { message: string; first?: boolean } {
  if (!(error instanceof ApiError)) return { message: errorMessage(error) };
  switch (error.body.error_type) {
    case 'user_not_exists':
      return { message: PORTAL_MESSAGES.userNotExists, first: true };
    case 'recipient_not_exists':
      return { message: PORTAL_MESSAGES.recipientNotExists };
    case 'wrong_credentials':
      return { message: PORTAL_MESSAGES.wrongCredentials };
    case 'user_is_banned':
      return { message: PORTAL_MESSAGES.banned };
    default:
      return { message: error.status === 429 ? MESSAGES.tooManyAttempts : errorMessage(error) };
  }
}

/** `/portal/login`; `/portal/register` is the same page opening on the first-time form. */
export function PortalLoginPage({ start = 'login' }: { start?: 'login' | 'first' }) {
  const [params] = useSearchParams();
  const { account, pending, invalid } = usePortalAccount();
  const queryEmail = params.get('email')?.trim() ?? '';

  if (pending) {
    return (
      <Center py={80} role="status" aria-label="Opening the portal">
        <Loader />
      </Center>
    );
  }
  if (invalid || !account) return <InvalidAccount />;
  // An account whose recipients need no sign-in: the address in the link opens the list at once.
  if (account.recipients_no_login && queryEmail) return <PortalCertificateList account={account} email={queryEmail} noLogin />;
  return <LoginForms account={account} initialEmail={queryEmail} start={start} />;
}

function InvalidAccount() {
  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} maw={480} mx="auto" data-form="invalidAccount">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" color="stone">
          <IconWorldOff size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} className="display-title" fz={28}>
          {PORTAL_MESSAGES.invalidAccount}
        </Title>
        <Text c="stone.6">
          Check the address in the email you received. If it still does not open, ask the organisation that issued your certificate.
        </Text>
      </Stack>
    </Paper>
  );
}

function LoginForms({ account, initialEmail, start }: { account: PortalAccount; initialEmail: string; start: Form }) {
  const completeSignIn = useCompleteSignIn();
  const [form, setForm] = useState<Form>(start);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const go = (next: Form) => {
    setForm(next);
    setError(null);
  };

  const run = (work: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const login = run(async () => {
    try {
      completeSignIn(await portalSignIn({ email: email.trim(), password }));
    } catch (failure) {
      const { message, first } = loginFailure(failure);
      if (first) {
        setNotice(message);
        go('first');
      } else setError(message);
    }
  });

  const first = run(async () => {
    try {
      // No name asked: the sign-in takes the one on the certificate the account sent to this address.
      await startFirstTime({ id: account.id, email: email.trim() });
      setNotice(PORTAL_MESSAGES.firstTimeSent);
      go('resetSuccess');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) setError(PORTAL_MESSAGES.recipientNotExists);
      else if (failure instanceof ApiError && failure.status === 400 && failure.body.error_type === 'user_exists')
        setError(PORTAL_MESSAGES.userExists);
      else setError(errorMessage(failure));
    }
  });

  const reset = run(async () => {
    try {
      await requestPortalReset(email.trim());
      setNotice(`If ${email.trim()} has a portal sign-in, we emailed it a link to choose a new password.`);
      go('resetSuccess');
    } catch (failure) {
      // The first-time flow, when the server says this address has no sign-in yet (docs/product/recipient-portal.md#messages).
      if (failure instanceof ApiError && failure.body.error_type === 'action_first_time') go('first');
      else setError(errorMessage(failure));
    }
  });

  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} maw={460} mx="auto" data-form={form}>
      <PortalBrand account={account} />
      {form === 'login' && (
        <form onSubmit={login} aria-label="Portal sign-in" noValidate>
          <Stack gap="md">
            <Heading title="Sign in to your certificates">Use the email address {account.name} sent your certificate to.</Heading>
            {error && <FormError>{error}</FormError>}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <PortalLoginButton loading={busy} />
            <Group justify="space-between" gap="xs">
              <Anchor component="button" type="button" size="sm" onClick={() => go('reset')}>
                Forgot your password?
              </Anchor>
              <Anchor component="button" type="button" size="sm" onClick={() => go('first')}>
                First time here?
              </Anchor>
            </Group>
          </Stack>
        </form>
      )}
      {form === 'first' && (
        <form onSubmit={first} aria-label="First-time sign-in" noValidate>
          <Stack gap="md">
            <Heading title="Create your portal sign-in">{notice ?? FIRST_TIME_TEXT}</Heading>
            {error && <FormError>{error}</FormError>}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" size="md" fullWidth loading={busy} disabled={!email.trim()}>
              Email me a link
            </Button>
            <BackToLogin onClick={() => go('login')} />
          </Stack>
        </form>
      )}
      {form === 'reset' && (
        <form onSubmit={reset} aria-label="Reset password" noValidate>
          <Stack gap="md">
            <Heading title="Reset your password">We email you a link to choose a new password.</Heading>
            {error && <FormError>{error}</FormError>}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" size="md" fullWidth loading={busy} disabled={!email.trim()}>
              Send reset link
            </Button>
            <BackToLogin onClick={() => go('login')} />
          </Stack>
        </form>
      )}
      {form === 'resetSuccess' && (
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconMailCheck size={28} stroke={1.6} />
          </ThemeIcon>
          <Heading title="Check your inbox">{notice}</Heading>
          <BackToLogin onClick={() => go('login')} />
        </Stack>
      )}
    </Paper>
  );
}

function Heading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} className="display-title" fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      {children && (
        <Text c="stone.6" size="sm">
          {children}
        </Text>
      )}
    </Stack>
  );
}

function BackToLogin({ onClick }: { onClick(): void }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onClick}>
      Back to sign in
    </Anchor>
  );
}
