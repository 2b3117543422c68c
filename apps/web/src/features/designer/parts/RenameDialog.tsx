import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

interface RenameDialogProps {
  opened: boolean;
  title: string;
  initial: string;
  busy: boolean;
  confirmLabel?: string;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** Names a set or template: rename, and the name asked for when one is created. */
export function NameDialog({ opened, title, initial, busy, confirmLabel = 'Save', onClose, onSubmit }: RenameDialogProps) {
  const [name, setName] = useState(initial);
  useEffect(() => {
    if (opened) setName(initial);
  }, [opened, initial]);
  const trimmed = name.trim();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed) onSubmit(trimmed);
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Certificate name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={120}
            data-autofocus
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!trimmed}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
