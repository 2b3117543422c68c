import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** The signing secret, shown this once (when an endpoint is made or its secret rolled), with a copy button. */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title="Signing secret" size="lg">
      <Stack>
        <Alert color="yellow">Copy this secret now and keep it with your receiver. It is not shown again.</Alert>
        <Code block aria-label="Signing secret" style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Text size="sm" c="dimmed">
          Each request carries the headers webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks). Verify the signature
          with this secret, refuse timestamps older than five minutes, and keep each webhook-id once: an event may arrive more than once.
        </Text>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
