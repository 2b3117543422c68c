import type { AppSettingsValues } from '@laurel/domain';
import { Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { RichTextField } from '../../shared/components/RichTextField.tsx';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { eyebrow } from './admin-section.tsx';
import { getAppSettings, SETTINGS_KEY, updateAppSettings } from './api.ts';
import { TutorialVideosCard } from './TutorialVideosCard.tsx';

type LegalKey = 'privacy_policy' | 'terms_of_service';

/** One legal text: edited here, shown at its public page; empty shows the default text there. */
function LegalCard({ field, title, path, settings }: { field: LegalKey; title: string; path: string; settings: AppSettingsValues }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(settings[field]);
  const saved = settings[field];
  // Follows this card's own saved text only: saving another card replaces the settings object, and must not
  // throw away what is being typed here.
  useEffect(() => setText(saved), [saved]);
  const save = useMutation({
    mutationFn: () => updateAppSettings({ [field]: text }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      notifySuccess(`${title} saved.`);
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  return (
    <Card padding="lg" shadow="xs">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz={18}>
            {title}
          </Title>
          <Text component="a" href={path} target="_blank" size="sm" c="laurel.7">
            Open {path}
          </Text>
        </Group>
        <Text size="sm" c="stone.6">
          Shown at {path}, linked from every certificate email. Leave it empty to show Laurel’s default text.
        </Text>
        <RichTextField label={title} value={text} onChange={setText} headings minHeight={220} />
        <Group justify="flex-end">
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={text === saved}>
            Save {title.toLowerCase()}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/accounts/settings: service-wide settings, one card each. */
export function AdminSettingsPage() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: getAppSettings });
  const promo = useMutation({
    mutationFn: (allow: boolean) => updateAppSettings({ allow_promo_codes: allow }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      notifySuccess(saved.allow_promo_codes ? 'Promo codes are offered at sign-up.' : 'Promo codes are no longer offered at sign-up.');
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  const data = settings.data;
  return (
    <>
      <PageHeader eyebrow={eyebrow} title="Service settings" description="Settings that apply to every account of this Laurel." />
      <Stack gap="lg">
        {settings.isError && (
          <LoadFailed title="The settings could not be loaded" error={settings.error} onRetry={() => void settings.refetch()} />
        )}
        {!data && !settings.isError && <Skeleton h={120} />}
        {data && (
          <>
            <Card padding="lg" shadow="xs">
              <Title order={2} fz={18} mb="sm">
                Sign-up
              </Title>
              <Switch
                label="Offer a promo code field on the registration form"
                checked={data.allow_promo_codes}
                disabled={promo.isPending}
                onChange={(event) => promo.mutate(event.currentTarget.checked)}
              />
            </Card>
            <LegalCard field="privacy_policy" title="Privacy policy" path="/privacy" settings={data} />
            <LegalCard field="terms_of_service" title="Terms of service" path="/terms" settings={data} />
          </>
        )}
        <TutorialVideosCard />
      </Stack>
    </>
  );
}
