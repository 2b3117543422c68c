import {
  isValidEmail,
  PORTAL_SETTINGS_MESSAGES as M,
  normalizePortalSettings,
  PORTAL_NAME_MAX,
  PORTAL_TEXT_MAX,
  type PortalSettings,
  type PortalSettingsReply,
  type PublicPortalSettings,
  portalSettingsProblems,
  UPGRADE_PATH,
  upgradeMessage,
} from '@laurel/domain';
import { Alert, Box, Button, Card, Center, Grid, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { FormError } from '../../shared/forms/FormError.tsx';
import { useExitGuard } from '../../shared/hooks/useExitGuard.tsx';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { useAppConfig, useSignedInUser } from '../../shared/session/queries.ts';
import { CustomDomainCard } from '../custom-domain/index.ts';
import { getPortalSettings, PORTAL_SETTINGS_KEY, portalLookKey, savePortalSettings } from './api.ts';
import { PortalPreview, portalLoginUrl } from './PortalPreview.tsx';
import { BackgroundSection, LinksSection, LoginButtonSection, NameSection, TextSection } from './SettingsSections.tsx';
import { SupportEmailSection } from './SupportEmailSection.tsx';

/**
 * /account/configure-portal-settings (docs/product/recipient-portal.md): how the account's recipient portal looks,
 * with a live preview of its login page beside the form (below it on a phone). Leaving with unsaved
 * changes asks 'Exit Without Saving?' as the builder does.
 */
export function PortalSettingsPage() {
  const query = useQuery({ queryKey: PORTAL_SETTINGS_KEY, queryFn: getPortalSettings });
  return (
    <>
      <PageHeader
        eyebrow="Account"
        title="Recipient portal"
        description="The branded site where your recipients sign in to find, download and share their certificates."
      />
      <Stack gap="lg">
        {query.isPending && (
          <Center py={80}>
            <Loader aria-label="Loading portal settings" />
          </Center>
        )}
        {query.isError && <FormError>{errorMessage(query.error)}</FormError>}
        {query.data && <SettingsForm key={JSON.stringify(query.data)} reply={query.data} />}
        {/* The custom portal URL and its SSL certificate: saved on their own, apart from the portal's look. */}
        <CustomDomainCard />
      </Stack>
    </>
  );
}

/** The fields of one problem list, by field path. */
function problemsByField(settings: PortalSettings): Record<string, string> {
  return Object.fromEntries(portalSettingsProblems(normalizePortalSettings(settings)).map((p) => [p.field, p.message]));
}

function SettingsForm({ reply }: { reply: PortalSettingsReply }) {
  const user = useSignedInUser();
  const { data: config } = useAppConfig();
  const saved = reply.portal_settings;
  const [draft, setDraft] = useState<PortalSettings>(saved);
  /** The address last confirmed by code: typing another makes the support email unconfirmed again (docs/product/recipient-portal.md#flows). */
  const [confirmedEmail, setConfirmedEmail] = useState<string | null>(saved.support_email.validated ? saved.support_email.email : null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const locked = !reply.customisable;
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  useExitGuard(dirty && !locked);

  const email = draft.support_email.email.trim().toLowerCase();
  const emailConfirmed = email !== '' && email === confirmedEmail;
  const problems = useMemo(() => problemsByField(draft), [draft]);
  const fieldError = (field: string) => problems[field] ?? (error?.field === field ? error.message : undefined);
  const change = (next: (d: PortalSettings) => PortalSettings) => setDraft((d) => next(d));

  const save = async () => {
    setError(null);
    if (Object.keys(problems).length > 0 || (email !== '' && !emailConfirmed)) {
      setError({ message: M.fixErrors });
      return;
    }
    setSaving(true);
    try {
      const next = await savePortalSettings(draft);
      notifySuccess(next.message);
      setDraft(next.portal_settings);
      queryClient.setQueryData(PORTAL_SETTINGS_KEY, { ...reply, portal_settings: next.portal_settings });
      void queryClient.invalidateQueries({ queryKey: portalLookKey(user.account?.id ?? null) });
    } catch (failure) {
      setError({ message: errorMessage(failure), field: failure instanceof ApiError ? failure.body.field : undefined });
    } finally {
      setSaving(false);
    }
  };

  const look: PublicPortalSettings = { ...draft, support_email: emailConfirmed ? email : null };
  const accountName = user.account?.name ?? '';
  const address = portalLoginUrl(user.account?.url ?? '', config?.base_domain ?? 'localhost');

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          {locked && (
            <Alert color="yellow" variant="light" icon={<IconLock size={18} />} title="Part of the Enterprise plan">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{upgradeMessage('portal_customisation')} Until then your portal shows Laurel’s standard look.</Text>
                <Button component={Link} to={UPGRADE_PATH} size="xs" variant="light">
                  Compare plans
                </Button>
              </Stack>
            </Alert>
          )}
          <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="lg">
              <NameSection
                value={draft.portal_name.text}
                max={PORTAL_NAME_MAX}
                placeholder={accountName}
                error={fieldError('portal_name.text')}
                onChange={(text) => change((d) => ({ ...d, portal_name: { text } }))}
              />
              <BackgroundSection
                value={draft.background}
                error={fieldError('background.color') ?? fieldError('background.image')}
                onChange={(background) => change((d) => ({ ...d, background }))}
              />
              <LinksSection
                website={draft.company_website.url}
                socials={draft.company_socials}
                fieldError={fieldError}
                onWebsite={(url) => change((d) => ({ ...d, company_website: { url } }))}
                onSocials={(company_socials) => change((d) => ({ ...d, company_socials }))}
              />
              <TextSection
                value={draft.custom_text.text}
                max={PORTAL_TEXT_MAX}
                error={fieldError('custom_text.text')}
                onChange={(text) => change((d) => ({ ...d, custom_text: { text } }))}
              />
              <SupportEmailSection
                email={draft.support_email.email}
                confirmed={emailConfirmed}
                formatError={fieldError('support_email.email') ?? (email && !isValidEmail(email) ? M.invalidEmail : undefined)}
                notConfirmedError={error?.message === M.fixErrors && email !== '' && !emailConfirmed ? M.emailNotValidated : undefined}
                onChange={(value) => change((d) => ({ ...d, support_email: { email: value, validated: false } }))}
                onConfirmed={(address) => setConfirmedEmail(address)}
              />
              <LoginButtonSection
                value={draft.login_button}
                fieldError={fieldError}
                onChange={(login_button) => change((d) => ({ ...d, login_button }))}
              />
              <Card padding="xl" shadow="xs" component="section" aria-label="Powered by">
                <Switch
                  label="Hide “Powered by Laurel”"
                  description="The line under the portal that names the service behind it."
                  checked={draft.hide_powered}
                  onChange={(e) => {
                    const hide_powered = e.currentTarget.checked;
                    change((d) => ({ ...d, hide_powered }));
                  }}
                />
              </Card>
            </Stack>
          </fieldset>
          {error && <FormError>{error.message}</FormError>}
          {!locked && (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" disabled={!dirty || saving} onClick={() => setDraft(saved)}>
                Discard changes
              </Button>
              <Button onClick={() => void save()} loading={saving} disabled={!dirty}>
                Save portal settings
              </Button>
            </Group>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Box style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 24px)' }}>
          <PortalPreview look={look} accountName={accountName} address={address} />
        </Box>
      </Grid.Col>
    </Grid>
  );
}
