import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A screen failed to render: say so plainly and offer a fresh start. */
export function RouteErrorPage() {
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" ta="center" gap="md" maw={420}>
        <IconAlertTriangle size={40} stroke={1.4} color="var(--mantine-color-gilt-6)" />
        <Title order={1} fz={24}>
          Something went wrong
        </Title>
        <Text c="stone.6">
          This screen could not be shown. Reloading usually helps; if it does not, please contact support@laurel.example.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
