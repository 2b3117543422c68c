import type { LoginResponse } from '@laurel/domain';
import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { FormError } from '../../shared/forms/FormError.tsx';
import { useAppConfig } from '../../shared/session/queries.ts';
import { useCompleteSignIn } from '../../shared/session/useCompleteSignIn.ts';
import { AuthHeading, ForgotPasswordForm, RESET_SUCCESS_TEXT } from '../auth/index.ts';
import { SocialButtons, useSsoHandover } from '../sso/index.ts';
import { requestHolderPasswordReset } from './api.ts';
import { CredentialsRegisterForm } from './CredentialsRegisterForm.tsx';
import { CredentialsSignInForm } from './CredentialsSignInForm.tsx';

/** The forms of the credentials sign-in (docs/product/credentials-portal.md#flows); google2fa and email2fa are steps of `login`. */
type Mode = 'login' | 'google2fa' | 'email2fa' | 'registerForm' | 'registerSuccess' | 'reset' | 'resetSuccess';

/** The mode and address the query asks for: `firstTimeUser` and `error=user_not_exists` open registration. */
function fromQuery(params: URLSearchParams): { mode: Mode; email: string } {
  const email = params.get('email') ?? '';
  if (params.has('firstTimeUser')) return { mode: 'registerForm', email: email || (params.get('firstTimeUser') ?? '') };
  if (params.get('error') === 'user_not_exists') return { mode: 'registerForm', email };
  return { mode: 'login', email };
}

function Sent({ title, children, onBack }: { title: string; children: ReactNode; onBack: () => void }) {
  return (
    <Stack gap="lg" data-testid="credentials-sent">
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconMailForward size={28} stroke={1.6} />
      </ThemeIcon>
      <AuthHeading title={title}>{children}</AuthHeading>
      <Button variant="default" size="md" onClick={onBack}>
        Back to sign in
      </Button>
    </Stack>
  );
}

/**
 * The credentials portal's sign-in at /credentials/login (docs/product/credentials-portal.md#screens): sign in, register (a link to set
 * the password follows by email), reset, and the second factor. Off the credentials host it leads to the
 * account portal; after signing in, to /credentials.
 */
export function CredentialsLoginPage() {
  const { data: config } = useAppConfig();
  const [params] = useSearchParams();
  const [initial] = useState(() => fromQuery(params));
  const [mode, setMode] = useState<Mode>(initial.mode);
  const [email, setEmail] = useState(initial.email);
  const completeSignIn = useCompleteSignIn();
  const signedIn = (response: LoginResponse) => completeSignIn({ ...response, location: '/credentials' });
  // A Google, Microsoft or LinkedIn sign-in started here comes back as `#sso={code}`.
  const handover = useSsoHandover(signedIn);

  if (config && !config.host.credentials_portal) return <Navigate to="/portal" replace />;
  if (handover.pending)
    return (
      <Center py={60}>
        <Loader aria-label="Signing you in" />
      </Center>
    );

  const go = (next: Mode) => (typed: string) => {
    if (typed) setEmail(typed);
    setMode(next);
  };

  let body: ReactNode;
  if (mode === 'registerSuccess') {
    body = (
      <Sent title="Check your inbox" onBack={() => setMode('login')}>
        We emailed a link to <strong>{email}</strong>. Open it to choose your password, then sign in to see your credentials.
      </Sent>
    );
  } else if (mode === 'resetSuccess') {
    body = (
      <Sent title="Check your inbox" onBack={() => setMode('login')}>
        {RESET_SUCCESS_TEXT}
      </Sent>
    );
  } else if (mode === 'reset') {
    body = (
      <>
        <AuthHeading title="Reset your password">
          Enter your email address and we will send you a link to choose a new password.
        </AuthHeading>
        <ForgotPasswordForm
          initialEmail={email}
          send={requestHolderPasswordReset}
          onBack={() => setMode('login')}
          onSent={go('resetSuccess')}
        />
      </>
    );
  } else if (mode === 'registerForm') {
    body = (
      <>
        <AuthHeading title="Create your sign-in">
          One sign-in for every certificate sent to your email address, whichever organisation issued it.
        </AuthHeading>
        <CredentialsRegisterForm
          initialEmail={email}
          onRegistered={go('registerSuccess')}
          onSignIn={() => setMode('login')}
          onForgot={go('reset')}
        />
      </>
    );
  } else {
    body = (
      <>
        {mode === 'login' && (
          <AuthHeading title="Your credentials">Sign in with the email address your certificates were sent to.</AuthHeading>
        )}
        {handover.error && <FormError>{handover.error}</FormError>}
        <CredentialsSignInForm
          onSignedIn={signedIn}
          onRegister={go('registerForm')}
          onForgot={go('reset')}
          onStep={(step) => setMode(step ?? 'login')}
        />
        {mode === 'login' && <SocialButtons accountHost={window.location.host} />}
      </>
    );
  }

  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} maw={480} mx="auto" data-form={mode}>
      {body}
      {mode === 'login' && (
        <Text size="xs" c="stone.6" ta="center" mt="lg">
          Certificates from every organisation that issues them through Laurel, in one place.
        </Text>
      )}
    </Paper>
  );
}
