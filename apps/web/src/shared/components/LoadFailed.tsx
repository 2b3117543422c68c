import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../api/errors.ts';

/** A list or page that could not be loaded: the server's reason and a retry, where the content would be. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry(): void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title} mb="lg">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
