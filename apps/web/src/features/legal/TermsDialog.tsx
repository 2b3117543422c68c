import { Button, Group, Modal, ScrollArea } from '@mantine/core';
import { LegalText } from './LegalText.tsx';

interface TermsDialogProps {
  opened: boolean;
  onClose: () => void;
  /** When given, the dialog offers to accept the terms as it closes. */
  onAccept?: () => void;
}

export function TermsDialog({ opened, onClose, onAccept }: TermsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Terms of Service" size="lg" scrollAreaComponent={ScrollArea.Autosize}>
      <LegalText page="terms" title="Terms of Service" />
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {onAccept && (
          <Button
            onClick={() => {
              onAccept();
              onClose();
            }}
          >
            I agree
          </Button>
        )}
      </Group>
    </Modal>
  );
}
