import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconPlugConnected } from '@tabler/icons-react';

/** untested → testing → verified or error (docs/product/account.md#flows); an edit after success is untested again. */
export type TestState =
  | { kind: 'untested' }
  | { kind: 'testing' }
  | { kind: 'verified' }
  | { kind: 'error'; message: string; detail?: string };

export function ConnectionStatus({ state, dirty, onTest }: { state: TestState; dirty: boolean; onTest: () => void }) {
  return (
    <Stack gap="sm">
      <Group gap="md">
        <Button
          variant="default"
          leftSection={<IconPlugConnected size={16} />}
          loading={state.kind === 'testing'}
          disabled={dirty}
          onClick={onTest}
        >
          Test connection
        </Button>
        {state.kind === 'verified' && !dirty && (
          <Badge color="laurel" variant="light" size="lg" leftSection={<IconCircleCheck size={14} />} role="status">
            Verified
          </Badge>
        )}
        {(state.kind === 'untested' || dirty) && (
          <Text size="sm" c="stone.6" role="status">
            {dirty ? 'Save your changes, then test them.' : 'Not tested yet.'}
          </Text>
        )}
      </Group>
      {state.kind === 'error' && !dirty && (
        <Alert color="red" variant="light" role="alert" title={state.message}>
          {state.detail && (
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
              {state.detail}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
