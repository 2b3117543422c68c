import type { AttachedFile } from '@laurel/domain';
import { ActionIcon, Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFile, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../../shared/lib/notify.ts';
import { attachFile, detachFile } from '../../api.ts';
import { UploadDrop } from './UploadDrop.tsx';

const ATTACHABLE = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'text/plain',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

interface AttachFilesDialogProps {
  opened: boolean;
  certificateId: number;
  files: AttachedFile[];
  onChange: (files: AttachedFile[]) => void;
  onClose: () => void;
}

/** Files sent with every certificate email of this set (docs/product/builder.md#calls certificates/{id}/uploads). */
export function AttachFilesDialog({ opened, certificateId, files, onChange, onClose }: AttachFilesDialogProps) {
  const [busy, setBusy] = useState(false);
  const add = async (file: File) => {
    setBusy(true);
    try {
      onChange([...files, await attachFile(certificateId, file)]);
      notifySuccess('File uploaded.');
    } catch (error) {
      notifyError(errorMessage(error, 'Error uploading file.'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (file: AttachedFile) => {
    try {
      await detachFile(certificateId, file.id);
      onChange(files.filter((f) => f.id !== file.id));
      notifySuccess('File deleted.');
    } catch (error) {
      notifyError(`Error deleting file: ${errorMessage(error)}`);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Attach files" size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Attached files travel with every email of this certificate set.
        </Text>
        {files.map((file) => (
          <Group key={file.id} justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFile size={16} />
              <Anchor href={file.url} target="_blank" size="sm" truncate>
                {file.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {Math.ceil(file.size / 1024)} KB
              </Text>
            </Group>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${file.name}`} onClick={() => remove(file)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <UploadDrop busy={busy} label="Attach a file" onFile={add} accept={ATTACHABLE} />
      </Stack>
    </Modal>
  );
}
