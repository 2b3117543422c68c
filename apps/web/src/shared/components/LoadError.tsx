import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { errorMessage } from '../api/errors.ts';

/** When the app cannot reach the server at start: say so, and offer a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" maw={440} shadow="sm">
        <Stack align="center" ta="center" gap="sm">
          <IconPlugConnectedX size={40} stroke={1.4} color="var(--mantine-color-stone-5)" />
          <Title order={2} fz={20}>
            Laurel is not responding
          </Title>
          <Text c="dimmed" size="sm">
            {errorMessage(error)}
          </Text>
          <Button onClick={onRetry} mt="sm">
            Try again
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
