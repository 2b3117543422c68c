import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconEdit, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export type AfterCreate = 'certificate' | 'email';

interface CreateSetDialogProps {
  /** What the set starts from, for the title ("Classic Gold", "Blank landscape"). */
  startingPoint: string | null;
  busy: AfterCreate | null;
  canEditEmail: boolean;
  onClose: () => void;
  onCreate: (name: string, next: AfterCreate) => void;
}

/** docs/product/builder.md#new-certificate: name the new set, then go on to its certificate or its email. */
export function CreateSetDialog({ startingPoint, busy, canEditEmail, onClose, onCreate }: CreateSetDialogProps) {
  const [name, setName] = useState('');
  useEffect(() => {
    if (startingPoint) setName('');
  }, [startingPoint]);
  const trimmed = name.trim();
  return (
    <Modal opened={startingPoint !== null} onClose={onClose} title="New certificate set" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed) onCreate(trimmed, 'certificate');
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Starting from <strong>{startingPoint}</strong>. Give the set a name you will recognise when sending.
          </Text>
          <TextInput
            label="Certificate name"
            placeholder="e.g. Leadership Programme 2026"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={120}
            data-autofocus
            required
          />
          <Group justify="flex-end" gap="xs">
            {canEditEmail && (
              <Button
                variant="default"
                leftSection={<IconMail size={16} />}
                disabled={!trimmed || busy !== null}
                loading={busy === 'email'}
                onClick={() => onCreate(trimmed, 'email')}
              >
                Edit email
              </Button>
            )}
            <Button
              type="submit"
              leftSection={<IconEdit size={16} />}
              disabled={!trimmed || busy !== null}
              loading={busy === 'certificate'}
            >
              Edit certificate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
