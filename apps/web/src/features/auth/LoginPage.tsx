import { Alert, Anchor, Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockExclamation, IconMailForward } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormError } from '../../shared/forms/FormError.tsx';
import { SocialButtons, SsoLoginForm, useSsoHandover } from '../sso/index.ts';
import { AuthHeading } from './AuthHeading.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { LoginForm } from './LoginForm.tsx';
import { RESET_SUCCESS_TEXT } from './reset-text.ts';

type Mode = 'login' | 'reset' | 'resetSuccess' | 'sso';

/**
 * The sign-in screen at / and /login (docs/product/sign-in-and-sessions.md#screens): sign-in, the reset request and its sent state, and
 * single sign-on (the `sso` form, and the social buttons the operator configured).
 * Query `reset-password` opens the reset form, `link=expired` explains a spent link, and
 * `callbackError` shows an error from an outside sign-in once, then leaves the address; a finished
 * outside sign-in arrives as `#sso={code}` and is exchanged for a session here.
 */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.has('reset-password') ? 'reset' : 'login');
  const [email, setEmail] = useState('');
  const [callbackError] = useState(params.get('callbackError'));
  const linkExpired = params.get('link') === 'expired';
  const handover = useSsoHandover();

  useEffect(() => {
    if (!params.has('callbackError')) return;
    const next = new URLSearchParams(params);
    next.delete('callbackError');
    setParams(next, { replace: true });
  }, [params, setParams]);

  if (handover.pending) {
    return (
      <Center py={60}>
        <Loader aria-label="Signing you in" />
      </Center>
    );
  }

  if (mode === 'sso') {
    return (
      <>
        <AuthHeading title="Sign in with SSO">Enter your work email and we will send you to your organisation’s sign-in page.</AuthHeading>
        <SsoLoginForm initialEmail={email} onBack={() => setMode('login')} />
      </>
    );
  }

  if (mode === 'resetSuccess') {
    return (
      <Stack gap="lg" data-testid="reset-success">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconMailForward size={28} stroke={1.6} />
        </ThemeIcon>
        <AuthHeading title="Check your inbox">{RESET_SUCCESS_TEXT}</AuthHeading>
        <Text size="sm" c="stone.6" mt={-16}>
          The link was sent to <strong>{email}</strong> if it belongs to an account. It stays valid for a limited time.
        </Text>
        <Button variant="default" size="md" onClick={() => setMode('login')}>
          Back to sign in
        </Button>
      </Stack>
    );
  }

  if (mode === 'reset') {
    return (
      <>
        <AuthHeading title="Reset your password">
          Enter the email address you sign in with and we will send you a link to choose a new password.
        </AuthHeading>
        <ForgotPasswordForm
          initialEmail={email}
          onBack={() => setMode('login')}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setMode('resetSuccess');
          }}
        />
      </>
    );
  }

  const notice = (
    <>
      {callbackError && <FormError>{callbackError}</FormError>}
      {handover.error && <FormError>{handover.error}</FormError>}
      {linkExpired && (
        <Alert color="gilt" variant="light" icon={<IconClockExclamation size={18} />} title="This link has expired" role="status">
          The link you followed is no longer valid. Sign in, or{' '}
          <Anchor component="button" type="button" fw={600} size="sm" underline="always" onClick={() => setMode('reset')}>
            request a new link
          </Anchor>
          .
        </Alert>
      )}
    </>
  );

  return (
    <>
      <AuthHeading title="Welcome back">Sign in to design, send and track your certificates.</AuthHeading>
      <LoginForm
        notice={notice}
        alternatives={<SocialButtons onSso={() => setMode('sso')} />}
        onForgot={(typed) => {
          setEmail(typed);
          setMode('reset');
        }}
      />
    </>
  );
}
