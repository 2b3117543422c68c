import { ACCOUNT_NAME_MAX, type AccountDetails, accountInfoForm, COUNTRIES, countryName, statesOf } from '@laurel/domain';
import { Anchor, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { FormError } from '../../../shared/forms/FormError.tsx';
import { validateWith } from '../../../shared/forms/schema.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { updateAccount } from './api.ts';
import { usePortalUrl } from './usePortalUrl.ts';

const COUNTRY_OPTIONS = COUNTRIES.map(([value, label]) => ({ value, label }));

interface AccountInfoCardProps {
  account: AccountDetails;
  baseDomain: string | undefined;
  /** Account admins change it; sub-users see it. */
  editable: boolean;
  onSaved: () => Promise<unknown>;
}

function ReadOnly({ account, baseDomain }: Pick<AccountInfoCardProps, 'account' | 'baseDomain'>) {
  const state = statesOf(account.country)?.find(([code]) => code === account.state)?.[1];
  const rows: [string, string][] = [
    ['Account name', account.name],
    ['Portal address', baseDomain ? `${account.url}.${baseDomain}` : account.url],
    ['Country', countryName(account.country)],
    ...(state ? [['State', state] as [string, string]] : []),
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {rows.map(([label, value]) => (
        <Stack gap={2} key={label}>
          <Text size="xs" c="stone.5" fw={600} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
            {label}
          </Text>
          <Text size="sm" fw={500}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** The account's name, portal URL, country and state (docs/product/account.md#screens "Account info"). */
export function AccountInfoCard({ account, baseDomain, editable, onSaved }: AccountInfoCardProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: account.name, url: account.url, country: account.country, state: account.state ?? '' },
    validate: validateWith(accountInfoForm),
  });
  const portal = usePortalUrl(form.values.url, account.url, form.values.name);
  const states = statesOf(form.values.country);

  const save = form.onSubmit(async (values) => {
    if (portal.status === 'unavailable' || portal.status === 'checking') return;
    setBusy(true);
    setError(null);
    try {
      const reply = await updateAccount(account.id, { ...values, state: states ? values.state : null });
      form.setValues({
        name: reply.account.name,
        url: reply.account.url,
        country: reply.account.country,
        state: reply.account.state ?? '',
      });
      form.resetDirty();
      await onSaved();
      notifySuccess(reply.message);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.body.field : undefined;
      if (field && field in form.values) form.setFieldError(field, errorMessage(failure));
      else setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Card padding="xl" shadow="xs" h="100%">
      <Text fw={650} size="lg" mb={2}>
        Account info
      </Text>
      <Text size="sm" c="stone.6" mb="lg">
        {editable ? 'Your organisation, as recipients see it.' : 'Only an account admin can change these details.'}
      </Text>
      {!editable ? (
        <ReadOnly account={account} baseDomain={baseDomain} />
      ) : (
        <form onSubmit={save} noValidate aria-label="Account info">
          <Stack gap="md">
            {error && <FormError>{error}</FormError>}
            <TextInput label="Account name" maxLength={ACCOUNT_NAME_MAX} autoComplete="organization" {...form.getInputProps('name')} />
            <Stack gap={4}>
              <TextInput
                label="Portal URL"
                description="The address of your recipient portal: lowercase letters, digits and hyphens."
                autoComplete="off"
                spellCheck={false}
                {...form.getInputProps('url')}
                error={form.errors.url ?? portal.message}
                rightSection={
                  portal.status === 'checking' ? (
                    <Loader size={16} />
                  ) : portal.status === 'available' ? (
                    <IconCircleCheck size={18} color="var(--mantine-color-laurel-6)" aria-label="Available" />
                  ) : null
                }
                rightSectionPointerEvents="none"
              />
              <Group gap={6} aria-live="polite" wrap="wrap">
                {portal.suggestion ? (
                  <Text size="xs" c="stone.6">
                    Try{' '}
                    <Anchor component="button" type="button" size="xs" onClick={() => form.setFieldValue('url', portal.suggestion!)}>
                      {portal.suggestion}
                    </Anchor>
                  </Text>
                ) : (
                  <Text size="xs" c="stone.6">
                    {baseDomain ? `${portal.url || 'your-account'}.${baseDomain}` : null}
                  </Text>
                )}
              </Group>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: states ? 2 : 1 }} spacing="md">
              <Select
                label="Country"
                data={COUNTRY_OPTIONS}
                searchable
                allowDeselect={false}
                nothingFoundMessage="No country matches"
                {...form.getInputProps('country')}
                onChange={(value) => {
                  if (!value) return;
                  form.setFieldValue('country', value);
                  form.setFieldValue('state', '');
                }}
              />
              {states && (
                <Select
                  label="State"
                  data={states.map(([value, label]) => ({ value, label }))}
                  searchable
                  allowDeselect={false}
                  placeholder="Choose a state"
                  nothingFoundMessage="No state matches"
                  {...form.getInputProps('state')}
                />
              )}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={busy} disabled={!form.isDirty() || portal.status === 'unavailable'}>
                Save account info
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
