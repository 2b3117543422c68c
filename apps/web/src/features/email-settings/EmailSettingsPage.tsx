import {
  type EmailSettingsReply,
  ERROR_NOTIFICATION_MS,
  EMAIL_SETTINGS_MESSAGES as M,
  OAUTH_ERROR_FLAGS,
  primaryRole,
  type SmtpType,
} from '@laurel/domain';
import { Alert, Button, Card, Center, Group, Loader, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { FormError } from '../../shared/forms/FormError.tsx';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { EMAIL_SETTINGS_KEY, getEmailSettings, testEmailConnection, updateEmailSettings } from './api.ts';
import { ConnectionStatus, type TestState } from './ConnectionStatus.tsx';
import { FooterEditor } from './FooterEditor.tsx';
import { MailboxCard } from './MailboxCard.tsx';
import { type ServerDraft, SmtpServerForm } from './SmtpServerForm.tsx';

type Route = 'product' | SmtpType;
interface Draft extends ServerDraft {
  route: Route;
  sender_email: string;
  name: string;
  footer: string;
}

function draftOf(reply: EmailSettingsReply): Draft {
  const s = reply.email_settings;
  return {
    route: s.custom_smtp ? s.smtp_type : 'product',
    host: s.host,
    port: s.port ?? 587,
    security: s.security,
    use_auth: s.use_auth,
    username: s.username,
    password: '',
    sender_email: s.sender_email,
    name: s.name,
    footer: s.footer,
  };
}

const ROUTE_LABELS: Record<Route, string> = {
  product: 'Laurel’s mail service',
  smtp: 'My own mail server (SMTP)',
  gmailOauth: 'My Gmail account',
  microsoft365: 'My Microsoft 365 account',
};

/**
 * /account/email-settings (docs/product/account.md#screens, docs/product/account.md#flows): certificate mail leaves through Laurel's service, the
 * account's own SMTP server (tested before use), or its Gmail / Microsoft 365 mailbox; a footer goes
 * under every certificate email.
 */
export function EmailSettingsPage() {
  const user = useSignedInUser();
  const accountId = user.account?.id ?? 0;
  const isAdmin = primaryRole(user) === 'account_admin';
  const query = useQuery({ queryKey: EMAIL_SETTINGS_KEY, queryFn: getEmailSettings });
  const [params, setParams] = useSearchParams();
  const [refused, setRefused] = useState(false);

  // The provider's return: a flag to show once, then removed from the address.
  useEffect(() => {
    const error = params.get('oauth_error');
    const connected = params.get('connected');
    if (!error && !connected) return;
    if (error === OAUTH_ERROR_FLAGS.permissions) setRefused(true);
    else if (error) setRefused(false);
    if (connected) notifySuccess(connected === 'gmail' ? 'Your Gmail account is connected.' : 'Your Microsoft 365 account is connected.');
    setParams({}, { replace: true });
  }, [params, setParams]);
  useEffect(() => {
    if (!refused) return;
    const timer = setTimeout(() => setRefused(false), ERROR_NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [refused]);

  return (
    <>
      <PageHeader
        eyebrow="Account"
        title="Email settings"
        description="Send certificates through Laurel’s mail service, or through your own mail server so they come from your domain."
      />
      <Stack gap="lg">
        {refused && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            withCloseButton
            onClose={() => setRefused(false)}
          >
            {M.permissionsRefused}
          </Alert>
        )}
        {query.isPending && (
          <Center py={80}>
            <Loader aria-label="Loading email settings" />
          </Center>
        )}
        {query.isError && <FormError>{errorMessage(query.error)}</FormError>}
        {query.data && <SettingsForm key={JSON.stringify(query.data)} reply={query.data} accountId={accountId} readOnly={!isAdmin} />}
      </Stack>
    </>
  );
}

const refresh = () => queryClient.invalidateQueries({ queryKey: EMAIL_SETTINGS_KEY });

function SettingsForm({ reply, accountId, readOnly }: { reply: EmailSettingsReply; accountId: number; readOnly: boolean }) {
  const saved = useMemo(() => draftOf(reply), [reply]);
  const [draft, setDraft] = useState<Draft>(saved);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [test, setTest] = useState<TestState>(reply.email_settings.verified ? { kind: 'verified' } : { kind: 'untested' });
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const change = (part: Partial<Draft>) => setDraft((d) => ({ ...d, ...part }));
  const providers = reply.oauth_providers;

  const routes: Route[] = [
    'product',
    'smtp',
    ...(providers.gmail ? (['gmailOauth'] as const) : []),
    ...(providers.microsoft365 ? (['microsoft365'] as const) : []),
  ];
  const connected: Partial<Record<Route, boolean>> = { gmailOauth: !!reply.google_user, microsoft365: !!reply.microsoft_user };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const { route, ...rest } = draft;
      const next = await updateEmailSettings(accountId, {
        ...rest,
        custom_smtp: route !== 'product',
        smtp_type: route === 'product' ? 'smtp' : route,
      });
      notifySuccess(M.saved);
      // A save that changes nothing the reply shows (a new password) keeps this form mounted: start it afresh here.
      setDraft(draftOf(next));
      setTest(next.email_settings.verified ? { kind: 'verified' } : { kind: 'untested' });
      queryClient.setQueryData(EMAIL_SETTINGS_KEY, next);
    } catch (failure) {
      setError({ message: errorMessage(failure), field: failure instanceof ApiError ? failure.body.field : undefined });
    } finally {
      setSaving(false);
    }
  };

  const runTest = async () => {
    setTest({ kind: 'testing' });
    try {
      const result = await testEmailConnection(accountId);
      setTest(result.success ? { kind: 'verified' } : { kind: 'error', message: result.message, detail: result.detail });
      if (result.success) notifySuccess(result.message);
    } catch (failure) {
      setTest({ kind: 'error', message: errorMessage(failure) });
    }
  };

  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  const savedCustom = saved.route !== 'product';

  return (
    <Stack gap="lg">
      <Card padding="xl" shadow="xs" component="section" aria-label="How certificates are sent">
        <Stack gap="md">
          <Text fw={650} size="lg">
            Send certificate emails through
          </Text>
          <Radio.Group value={draft.route} onChange={(value) => change({ route: value as Route })}>
            <Stack gap="sm">
              {routes.map((route) => (
                <Radio
                  key={route}
                  value={route}
                  label={ROUTE_LABELS[route]}
                  disabled={readOnly || ((route === 'gmailOauth' || route === 'microsoft365') && !connected[route])}
                  description={
                    route === 'product'
                      ? 'Messages come from Laurel’s address with your account’s name as the sender.'
                      : route === 'smtp'
                        ? 'Messages come from your address, through your organisation’s server.'
                        : connected[route]
                          ? undefined
                          : 'Connect the account below first.'
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
          {draft.route === 'smtp' && (
            <Stack gap="md">
              <SmtpServerForm
                draft={draft}
                hasPassword={reply.email_settings.has_password}
                errors={{
                  host: fieldError('host'),
                  port: fieldError('port'),
                  username: fieldError('username'),
                  password: fieldError('password'),
                }}
                onChange={change}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="Sender email"
                  type="email"
                  required
                  placeholder="certificates@your-school.edu"
                  value={draft.sender_email}
                  error={fieldError('sender_email')}
                  onChange={(e) => change({ sender_email: e.currentTarget.value })}
                />
                <TextInput
                  label="Sender name"
                  description="Used when a send does not name its sender."
                  value={draft.name}
                  onChange={(e) => change({ name: e.currentTarget.value })}
                />
              </SimpleGrid>
            </Stack>
          )}
          {draft.route !== 'product' && savedCustom && draft.route === saved.route && !readOnly && (
            <ConnectionStatus state={test} dirty={dirty} onTest={() => void runTest()} />
          )}
        </Stack>
      </Card>

      {(providers.gmail || providers.microsoft365) && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {providers.gmail && (
            <MailboxCard
              provider="gmail"
              connectedAs={reply.google_user?.email ?? null}
              inUse={saved.route === 'gmailOauth'}
              onChanged={refresh}
            />
          )}
          {providers.microsoft365 && (
            <MailboxCard
              provider="microsoft365"
              connectedAs={reply.microsoft_user?.email ?? null}
              inUse={saved.route === 'microsoft365'}
              onChanged={refresh}
            />
          )}
        </SimpleGrid>
      )}

      <Card padding="xl" shadow="xs" component="section" aria-label="Footer">
        <Stack gap="sm">
          <div>
            <Text fw={650} size="lg">
              Footer
            </Text>
            <Text size="sm" c="stone.6">
              Added under every certificate email: your address, a disclaimer, a link to your site.
            </Text>
          </div>
          <FooterEditor value={draft.footer} onChange={(footer) => change({ footer })} />
        </Stack>
      </Card>

      {error && <FormError>{error.message}</FormError>}
      {!readOnly && (
        <Group justify="flex-end">
          <Button size="md" loading={saving} disabled={!dirty} onClick={() => void save()}>
            Save
          </Button>
        </Group>
      )}
    </Stack>
  );
}
