import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { CopyTextButton } from '../../../shared/components/CopyTextButton.tsx';

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
          <CopyTextButton value={secret ?? ''} label="Copy secret" size="sm" variant="light" />
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
