import { Badge, Group, Text } from '@mantine/core';

/** The card's title with whether two-factor authentication is on. */
export function StatusHeading({ enabled }: { enabled: boolean }) {
  return (
    <Group justify="space-between" mb="md">
      <Text fw={650} size="lg">
        Authenticator app
      </Text>
      <Badge variant="light" color={enabled ? 'laurel' : 'stone'} data-testid="two-factor-status">
        {enabled ? 'On' : 'Off'}
      </Badge>
    </Group>
  );
}
