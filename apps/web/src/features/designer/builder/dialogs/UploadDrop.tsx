import { Group, Loader, Stack, Text } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { IconCloudUpload } from '@tabler/icons-react';
import { notifyError } from '../../../../shared/lib/notify.ts';
import { MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE } from './image-files.ts';

interface UploadDropProps {
  busy: boolean;
  onFile: (file: File) => void;
  label: string;
  accept?: string[];
}

/** One file by drop or click, refused above 2 MB before it is sent. */
export function UploadDrop({ busy, onFile, label, accept = IMAGE_MIME_TYPE }: UploadDropProps) {
  return (
    <Dropzone
      onDrop={(files) => files[0] && onFile(files[0])}
      onReject={(rejections) =>
        notifyError(rejections[0]?.errors[0]?.code === 'file-too-large' ? TOO_LARGE_MESSAGE : 'This file type is not accepted.')
      }
      maxSize={MAX_UPLOAD_BYTES}
      accept={accept}
      multiple={false}
      loading={busy}
      aria-label={label}
    >
      <Group justify="center" mih={140} style={{ pointerEvents: 'none' }}>
        {busy ? (
          <Loader size="sm" />
        ) : (
          <Stack align="center" gap={6}>
            <IconCloudUpload size={34} stroke={1.4} color="var(--mantine-color-blue-6)" />
            <Text fw={500}>{label}</Text>
            <Text size="xs" c="dimmed">
              Drop a file here or click to choose one. Up to 2 MB.
            </Text>
          </Stack>
        )}
      </Group>
    </Dropzone>
  );
}
