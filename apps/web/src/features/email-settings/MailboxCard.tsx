import type { OauthProvider } from '@laurel/domain';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBrandGmail, IconBrandOffice } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { disconnectMailbox, startMailboxConnection } from './api.ts';

const LABELS: Record<OauthProvider, { title: string; description: string; Icon: typeof IconBrandGmail }> = {
  gmail: {
    title: 'Gmail',
    description: 'Send from your Google Workspace or Gmail address. Google asks you to allow Laurel to send mail for you.',
    Icon: IconBrandGmail,
  },
  microsoft365: {
    title: 'Microsoft 365',
    description: 'Send from your Microsoft 365 mailbox. Microsoft asks you to allow Laurel to send mail for you.',
    Icon: IconBrandOffice,
  },
};

/** Connect / connected as {email} / Disconnect, for one OAuth mailbox. */
export function MailboxCard({
  provider,
  connectedAs,
  inUse,
  onChanged,
}: {
  provider: OauthProvider;
  connectedAs: string | null;
  inUse: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const { title, description, Icon } = LABELS[provider];
  const [busy, setBusy] = useState(false);

  const connect = async () => {
    setBusy(true);
    try {
      const { authorization_url } = await startMailboxConnection(provider);
      window.location.assign(authorization_url);
    } catch (failure) {
      notifyError(errorMessage(failure));
      setBusy(false);
    }
  };

  const disconnect = async () => {
    setBusy(true);
    try {
      notifySuccess((await disconnectMailbox(provider)).message);
      await onChanged();
    } catch (failure) {
      notifyError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card padding="lg" shadow="xs" withBorder aria-label={title} component="section">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <Icon size={28} stroke={1.5} />
          <Stack gap={4}>
            <Group gap="xs">
              <Text fw={650}>{title}</Text>
              {inUse && (
                <Badge color="laurel" variant="light">
                  Sending
                </Badge>
              )}
            </Group>
            <Text size="sm" c="stone.6">
              {connectedAs ? `Connected as ${connectedAs}` : description}
            </Text>
          </Stack>
        </Group>
        {connectedAs ? (
          <Button variant="default" loading={busy} onClick={() => void disconnect()}>
            Disconnect
          </Button>
        ) : (
          <Button variant="light" loading={busy} onClick={() => void connect()}>
            Connect {title}
          </Button>
        )}
      </Group>
    </Card>
  );
}
