import { enableTwoFactorForm, type TwoFactorKey } from '@laurel/domain';
import { ActionIcon, Button, Card, Code, CopyButton, Group, Image, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { FormError } from '../../shared/forms/FormError.tsx';
import { validateWith } from '../../shared/forms/schema.ts';
import { enableTwoFactor, startTwoFactor } from './api.ts';
import { StatusHeading } from './StatusHeading.tsx';

/** The key in groups of four, as authenticator apps show it: easier to type by hand. */
const grouped = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key;

/** Off: set it up. A key and its QR code, then a code from the app to prove it was added. */
export function EnableTwoFactor({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const [key, setKey] = useState<TwoFactorKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { pin_code: '' },
    validate: validateWith(enableTwoFactorForm),
  });

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setKey(await startTwoFactor());
      form.reset();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const confirm = form.onSubmit(async ({ pin_code }) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await enableTwoFactor(pin_code.trim());
      onEnabled(reply.recovery_codes);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  });

  if (!key) {
    return (
      <Card padding="xl" shadow="xs">
        <StatusHeading enabled={false} />
        <Text c="stone.6" size="sm" mb="lg" maw={560}>
          Each sign-in will ask for a six-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password and others), so a stolen password alone is not enough to open your account.
        </Text>
        {error && <FormError>{error}</FormError>}
        <Group>
          <Button leftSection={<IconShieldLock size={18} />} onClick={start} loading={busy}>
            Set up two-factor authentication
          </Button>
        </Group>
      </Card>
    );
  }

  return (
    <Card padding="xl" shadow="xs" data-testid="two-factor-enrolment">
      <StatusHeading enabled={false} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>1. Scan this QR code with your authenticator app</Text>
          <Image src={key.qr_code} alt="QR code of your two-factor key" w={200} h={200} radius="md" bd="1px solid stone.2" />
          <Text size="sm" c="stone.6">
            Cannot scan? Add an account by hand with this key (time-based):
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="sm" data-testid="two-factor-key">
              {grouped(key.key)}
            </Code>
            <CopyButton value={key.key}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy the key'}>
                  <ActionIcon variant="subtle" onClick={copy} aria-label="Copy the key">
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <form onSubmit={confirm} noValidate aria-label="Confirm two-factor authentication">
          <Stack gap="md">
            <Text fw={600}>2. Enter the code your app shows</Text>
            {error && <FormError>{error}</FormError>}
            <TextInput
              label="Six-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              autoFocus
              {...form.getInputProps('pin_code')}
            />
            <Group>
              <Button type="submit" loading={busy}>
                Turn on
              </Button>
              <Button variant="subtle" color="stone" onClick={() => setKey(null)} disabled={busy}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      </SimpleGrid>
    </Card>
  );
}
