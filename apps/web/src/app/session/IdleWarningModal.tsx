import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { formatCountdown } from '../../shared/lib/format.ts';

export const IDLE_WARNING_TEXT =
  "You're being timed out due to inactivity. Please choose to stay signed in or to log off. Otherwise, you will be logged off automatically.";

interface IdleWarningModalProps {
  leftMs: number | null;
  onStay: () => void;
  onLogOff: () => void;
}

/** The 25-minute warning (docs/product/sign-in-and-sessions.md#flows) with a live countdown to the automatic sign-out. */
export function IdleWarningModal({ leftMs, onStay, onLogOff }: IdleWarningModalProps) {
  return (
    <Modal
      opened={leftMs !== null}
      onClose={onStay}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Session timeout"
      size="md"
      data-testid="idle-modal"
    >
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={44} radius="xl" variant="light" color="gilt">
            <IconClockPause size={24} stroke={1.6} />
          </ThemeIcon>
          <Text size="sm" c="stone.8">
            {IDLE_WARNING_TEXT}
          </Text>
        </Group>
        <Text
          ta="center"
          fz={40}
          fw={600}
          ff="monospace"
          c="laurel.8"
          role="timer"
          aria-label="Time left before sign-out"
          data-testid="idle-countdown"
        >
          {formatCountdown(leftMs ?? 0)}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onLogOff}>
            Log off
          </Button>
          <Button onClick={onStay} data-autofocus>
            Stay signed in
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
