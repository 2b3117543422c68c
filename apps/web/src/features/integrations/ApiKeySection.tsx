import type { ApiKeySummary } from '@laurel/domain';
import { Alert, Badge, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconKey, IconTrash } from '@tabler/icons-react';
import { CopyTextButton } from '../../shared/components/CopyTextButton.tsx';
import { formatDateTime } from './format.ts';
import { Section } from './Section.tsx';

interface Props {
  summary: ApiKeySummary | null;
  /** The secret of the key made a moment ago: shown on this visit only. */
  secret: string | null;
  busy: boolean;
  onGenerate: () => void;
  onRevoke: () => void;
}

function Fact({ label, value, danger }: { label: string; value: string; danger?: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="stone.6" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" c={danger ? 'red.7' : undefined} fw={danger ? 600 : undefined}>
        {value}
      </Text>
    </Stack>
  );
}

/** The user's key: its prefix and dates, made or replaced (confirmed), the secret once, revoked (confirmed). */
export function ApiKeySection({ summary, secret, busy, onGenerate, onRevoke }: Props) {
  const confirmGenerate = () => {
    if (!summary) return onGenerate();
    modals.openConfirmModal({
      title: 'Make a new API key?',
      children: <Text size="sm">The current key stops working at once: update every system that uses it with the new one.</Text>,
      labels: { confirm: 'Make a new key', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: onGenerate,
    });
  };
  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: 'Revoke the API key?',
      children: <Text size="sm">Calls made with it are refused from now on. You can make a new key at any time.</Text>,
      labels: { confirm: 'Revoke key', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: onRevoke,
    });

  const expired = summary?.expired ?? false;
  return (
    <Section
      title="API key"
      description="Your key acts as you, with your rights. It is valid for three months and shown only once, when it is made."
      actions={
        <Group gap="sm">
          {summary && !expired && (
            <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={confirmRevoke} disabled={busy}>
              Revoke
            </Button>
          )}
          <Button leftSection={<IconKey size={16} />} onClick={confirmGenerate} loading={busy}>
            {expired ? 'Generate a new key' : summary ? 'Regenerate' : 'Generate API key'}
          </Button>
        </Group>
      }
    >
      {secret && (
        <Alert color="gilt" variant="light" icon={<IconAlertTriangle size={18} />} title="Copy your key now" role="status">
          <Stack gap="sm">
            <Text size="sm">This is the only time it is shown. Keep it secret: anyone with it can issue certificates as you.</Text>
            <Group gap="sm" wrap="nowrap">
              <Code fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="api-key-secret">
                {secret}
              </Code>
              <CopyTextButton value={secret} label="Copy key" />
            </Group>
          </Stack>
        </Alert>
      )}
      {summary ? (
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
          <Stack gap={2}>
            <Text size="xs" c="stone.6" tt="uppercase" fw={600}>
              Key
            </Text>
            <Group gap="xs">
              <Code fz="sm">{summary.prefix}…</Code>
              {expired && (
                <Badge color="red" variant="light">
                  Expired
                </Badge>
              )}
            </Group>
          </Stack>
          <Fact label="Created" value={formatDateTime(summary.created_at)} />
          <Fact label={expired ? 'Expired' : 'Expires'} value={formatDateTime(summary.expires_at)} danger={expired} />
          <Fact label="Last used" value={summary.last_used_at ? formatDateTime(summary.last_used_at) : 'Never'} />
        </SimpleGrid>
      ) : (
        <Text size="sm" c="stone.6">
          You have no API key. Make one to issue certificates from your own systems.
        </Text>
      )}
      {expired && (
        <Text size="sm" c="red.7" role="alert">
          This key has expired and is refused. Generate a new key and update your systems.
        </Text>
      )}
    </Section>
  );
}
