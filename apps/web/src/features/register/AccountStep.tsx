import { Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { type RefObject, useCallback } from 'react';
import { TermsCheckbox } from '../legal/index.ts';
import type { RegisterValues } from './register-form.ts';
import { useAccountUrl } from './useAccountUrl.ts';

interface AccountStepProps {
  form: UseFormReturnType<RegisterValues>;
  baseDomain: string;
  urlEditedByHand: RefObject<boolean>;
}

/** Step 2, 'Your account': the organisation, its portal address and the terms. */
export function AccountStep({ form, baseDomain, urlEditedByHand }: AccountStepProps) {
  const { values } = form;
  const setUrl = useCallback((url: string) => form.setFieldValue('url', url), [form.setFieldValue]);
  const url = useAccountUrl({
    url: values.url,
    setUrl,
    accountName: values.account_name,
    firstName: values.first_name,
    lastName: values.last_name,
    active: true,
    editedByHand: urlEditedByHand,
  });
  const address = `${values.url.trim() || 'your-account'}.${baseDomain}`;
  const urlError = form.errors.url ?? (url.status === 'unavailable' ? url.message : null);

  return (
    <Stack gap="md" data-testid="register-step-2">
      <TextInput
        label="Account name"
        description="Your organisation, as recipients will see it."
        autoComplete="organization"
        autoFocus
        {...form.getInputProps('account_name')}
      />
      <Stack gap={6}>
        <TextInput
          label="Account URL"
          description="The address of your recipient portal. Lowercase letters, digits and hyphens."
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('url')}
          onChange={(event) => {
            url.markEdited();
            form.setFieldValue('url', event.currentTarget.value.toLowerCase());
          }}
          error={urlError}
          rightSection={
            url.status === 'checking' ? (
              <Loader size={16} />
            ) : url.status === 'available' ? (
              <IconCircleCheck size={18} color="var(--mantine-color-laurel-6)" aria-hidden />
            ) : null
          }
        />
        <Group gap={6} wrap="nowrap" aria-live="polite">
          <Text size="xs" c="stone.6">
            Portal address:
          </Text>
          <Text size="xs" fw={600} c="laurel.8" data-testid="portal-address" style={{ wordBreak: 'break-all' }}>
            {address}
          </Text>
          {url.status === 'available' && (
            <Text size="xs" c="laurel.7">
              is available
            </Text>
          )}
        </Group>
      </Stack>
      <TextInput label="Promo code" description="Optional" autoComplete="off" {...form.getInputProps('promo_code')} />
      <TermsCheckbox
        checked={values.accept_terms}
        onChange={(checked) => form.setFieldValue('accept_terms', checked)}
        error={form.errors.accept_terms}
        requirement="Required to create your account."
      />
    </Stack>
  );
}
