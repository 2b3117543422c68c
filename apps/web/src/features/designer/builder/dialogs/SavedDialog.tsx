import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

interface SavedDialogProps {
  opened: boolean;
  canEditEmail: boolean;
  onEditEmail: () => void;
  onImportNow: () => void;
  onImportLater: () => void;
}

/** After a save (docs/product/builder.md#flows): edit the email next, import recipients now, or keep designing. */
export function SavedDialog({ opened, canEditEmail, onEditEmail, onImportNow, onImportLater }: SavedDialogProps) {
  return (
    <Modal opened={opened} onClose={onImportLater} title="Certificate saved" centered size="sm">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={52} radius="xl" variant="light" color="teal">
          <IconCircleCheck size={30} />
        </ThemeIcon>
        <Text size="sm">Your design is saved. What would you like to do next?</Text>
        <Stack gap="xs" w="100%">
          {canEditEmail && (
            <Button fullWidth onClick={onEditEmail}>
              Edit the email
            </Button>
          )}
          <Button fullWidth variant={canEditEmail ? 'light' : 'filled'} onClick={onImportNow}>
            Import recipient data
          </Button>
          <Button fullWidth variant="subtle" onClick={onImportLater}>
            Import later
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
