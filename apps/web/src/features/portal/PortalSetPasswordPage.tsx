import { confirmPasswordProblem, MESSAGES, PASSWORD_MIN_LENGTH, passwordProblem } from '@laurel/domain';
import { Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { setToken } from '../../shared/api/token.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { markActive } from '../../shared/session/activity.ts';
import { USER_KEY } from '../../shared/session/queries.ts';
import { checkPasswordLink, setPassword } from '../auth/index.ts';
import { TermsCheckbox } from '../legal/index.ts';
import { PortalCard } from './PortalCard.tsx';
import { portalKeys } from './query-keys.ts';

/**
 * `/portal/set-password?code=…`: the link of the first-time email. The password set here confirms the
 * address and signs the holder in to this portal's certificates.
 */
export function PortalSetPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const link = useQuery({
    queryKey: portalKeys.link(code),
    queryFn: () => checkPasswordLink('confirm', code),
    enabled: !!code,
    retry: false,
  });
  const showTerms = !!link.data?.show_toc;
  const form = useForm({
    initialValues: { password: '', password_confirmation: '', accept_terms: false },
    validate: {
      password: (value) => passwordProblem(value),
      password_confirmation: (value, values) => confirmPasswordProblem(values.password, value),
      accept_terms: (value) => (showTerms && !value ? 'Please accept the Terms of Service to continue.' : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await setPassword('confirm', { code, ...values, ...(showTerms ? {} : { accept_terms: undefined }) });
      notifySuccess(MESSAGES.passwordSet);
      if (reply.session) {
        setToken(reply.session.token);
        markActive();
        queryClient.setQueryData(USER_KEY, reply.session.user);
        void navigate('/portal/certificates', { replace: true });
      } else void navigate('/portal/login', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  });

  if (!code || link.isError) {
    return (
      <PortalCard
        icon={<IconKey size={28} stroke={1.6} />}
        title="This link has expired"
        footer={
          <Button component={Link} to="/portal/login" variant="light">
            Back to sign in
          </Button>
        }
      >
        Ask for a new one from the sign-in page: “First time here?” or “Forgot your password?”.
      </PortalCard>
    );
  }
  if (link.isPending) {
    return (
      <Center py={80} role="status" aria-label="Checking your link">
        <Loader />
      </Center>
    );
  }
  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} maw={460} mx="auto">
      <form onSubmit={submit} noValidate aria-label="Set password">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} className="display-title" fz={{ base: 24, sm: 28 }}>
              Choose your password
            </Title>
            <Text c="stone.6" size="sm">
              For <strong>{link.data.email}</strong>: you sign in with it to see your certificates.
            </Text>
          </Stack>
          {error && <FormError>{error}</FormError>}
          <input type="email" name="username" autoComplete="username" value={link.data.email} readOnly hidden />
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            autoComplete="new-password"
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
          <Button type="submit" size="md" fullWidth loading={busy}>
            Set password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
