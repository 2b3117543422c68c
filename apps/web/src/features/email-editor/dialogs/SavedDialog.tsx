import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** After a save: import recipients now (the send step) or later. */
export function SavedDialog({ opened, onImportLater, onGoToSend }: { opened: boolean; onImportLater: () => void; onGoToSend: () => void }) {
  return (
    <Modal opened={opened} onClose={onImportLater} title="Certificate saved" size="md">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" radius="xl" size={36}>
            <IconCircleCheck size={20} />
          </ThemeIcon>
          <Text size="sm">
            Your certificate and its email are saved. Import your recipients now to send it, or come back to it later from Build.
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onImportLater}>
            Import later
          </Button>
          <Button onClick={onGoToSend}>Go to send</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
