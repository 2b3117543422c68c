import { SSO_MESSAGES as M, type SsoConfigurationInput, type SsoConfigurationReply } from '@laurel/domain';
import { Button, Card, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { SSO_CONFIGURATION_KEY, saveSsoConfiguration } from './api.ts';

const EMPTY: SsoConfigurationInput = { provider: '', idp_entity_id: '', sso_url: '', x509_cert: '', enabled: false };

function draftOf(reply: SsoConfigurationReply): SsoConfigurationInput {
  if (!reply.configuration) return EMPTY;
  const { cert_expires_at: _expiry, ...saved } = reply.configuration;
  return saved;
}

const expiryText = (iso: string | null) =>
  iso ? `The saved certificate is valid until ${new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' })}.` : undefined;

/** The identity provider's settings (docs/product/sign-in-and-sessions.md#what-is-kept SSO configuration); the server checks the certificate and the plan. */
export function SsoConfigurationForm({ reply }: { reply: SsoConfigurationReply }) {
  const [draft, setDraft] = useState<SsoConfigurationInput>(() => draftOf(reply));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const change = (part: Partial<SsoConfigurationInput>) => setDraft((d) => ({ ...d, ...part }));
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  const locked = !reply.plan_allows;

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const next = await saveSsoConfiguration(draft);
      queryClient.setQueryData(SSO_CONFIGURATION_KEY, next);
      notifySuccess(M.saved);
    } catch (failure) {
      const body = failure instanceof ApiError ? failure.body : undefined;
      setError({ message: errorMessage(failure), field: body?.field });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card padding="xl" shadow="xs" component="section" aria-label="Your identity provider">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <div>
            <Text fw={650} size="lg">
              Your identity provider
            </Text>
            <Text size="sm" c="stone.6">
              Copy these from the SAML application you created in your identity provider (Okta, Microsoft Entra ID, Google Workspace…).
            </Text>
          </div>
          {error && !error.field && <FormError>{error.message}</FormError>}
          <TextInput
            label="Provider"
            placeholder="Okta"
            value={draft.provider}
            onChange={(e) => change({ provider: e.currentTarget.value })}
            error={fieldError('provider')}
            disabled={locked}
          />
          <TextInput
            label="Identity provider entity ID"
            description="Also called issuer or IdP identifier."
            placeholder="http://www.okta.com/exk123abc"
            value={draft.idp_entity_id}
            onChange={(e) => change({ idp_entity_id: e.currentTarget.value })}
            error={fieldError('idp_entity_id')}
            disabled={locked}
          />
          <TextInput
            label="SSO URL"
            description="Where your users sign in: the identity provider’s single sign-on URL."
            placeholder="https://company.okta.com/app/laurel/sso/saml"
            value={draft.sso_url}
            onChange={(e) => change({ sso_url: e.currentTarget.value })}
            error={fieldError('sso_url')}
            disabled={locked}
          />
          <Textarea
            label="X.509 signing certificate"
            description={
              expiryText(reply.configuration?.cert_expires_at ?? null) ??
              'Paste the certificate in PEM format, with its BEGIN and END lines.'
            }
            placeholder="-----BEGIN CERTIFICATE-----"
            autosize
            minRows={5}
            maxRows={12}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            value={draft.x509_cert}
            onChange={(e) => change({ x509_cert: e.currentTarget.value })}
            error={fieldError('x509_cert')}
            disabled={locked}
          />
          <Switch
            label="Single sign-on enabled"
            description="When on, users of your account can sign in with “Continue with SSO” on the login page."
            checked={draft.enabled}
            onChange={(e) => change({ enabled: e.currentTarget.checked })}
            disabled={locked}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={locked}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
