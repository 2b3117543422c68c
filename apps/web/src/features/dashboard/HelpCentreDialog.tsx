import { SUPPORT_EMAIL } from '@laurel/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Offered once to an account that has not started (docs/product/dashboard.md#flows help centre): a call with us, or the first step. */
export function HelpCentreDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Would a short call help you get started?">
      <Stack gap="md">
        <Text size="sm">
          We can walk you through designing your first certificate and sending it to your list. Write to us and we will find a time that
          suits you.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          <Button component="a" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Schedule a call')}`} onClick={onClose}>
            Schedule a call
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
