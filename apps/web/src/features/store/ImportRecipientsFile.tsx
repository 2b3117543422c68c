import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconDownload, IconFileSpreadsheet, IconInfoCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ErrorMessages } from '../../shared/components/ErrorMessages.tsx';
import { IMPORT_ACCEPT, MAX_IMPORT_BYTES, rejectionMessage, useCsvTemplate, useListFileImport } from '../send/index.ts';
import { importProjectRecipients } from './api/store.ts';

const csvCell = (value: string) => (/[",;\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * "Import a file" of the add-recipients dialog: a CSV (separator confirmed, as in the send wizard)
 * or an Excel workbook with the project's columns, read by the server into rows for review.
 */
export function ImportRecipientsFile({
  projectId,
  columns,
  onRows,
}: {
  projectId: number;
  columns: string[];
  onRows: (rows: Record<string, string>[], file: File) => void;
}) {
  const openRef = useRef<() => void>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const {
    mutation: read,
    chooseFile,
    separatorDialog,
  } = useListFileImport(
    (file, separator) => importProjectRecipients(projectId, file, separator),
    (result, file) => onRows(result.data, file),
  );
  const onFile = (file: File) => {
    setRejected(null);
    return chooseFile(file);
  };
  const template = useCsvTemplate(`\uFEFF${columns.map(csvCell).join(',')}\r\n`);

  const fileName = read.variables?.file.name ?? 'The file';
  return (
    <Stack gap="xs">
      <Dropzone
        openRef={openRef}
        activateOnClick={false}
        onDrop={(files) => files[0] && void onFile(files[0])}
        onReject={(rejections) => setRejected(rejectionMessage(rejections[0]?.errors[0]?.code))}
        maxSize={MAX_IMPORT_BYTES}
        accept={IMPORT_ACCEPT}
        multiple={false}
        disabled={read.isPending}
        aria-label="Recipient file"
        p="sm"
      >
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <IconFileSpreadsheet size={30} stroke={1.4} color="var(--mantine-color-laurel-6)" style={{ flexShrink: 0 }} />
            <div>
              <Text fw={600} size="sm">
                {read.isPending ? `Reading ${fileName}…` : 'Add people from a file'}
              </Text>
              <Text size="xs" c="dimmed">
                Drop a CSV or Excel file here, with the same columns as this project’s list. Up to 10 MB.
              </Text>
            </div>
          </Group>
          <Button
            variant="light"
            size="xs"
            loading={read.isPending}
            onClick={() => openRef.current?.()}
            style={{ pointerEvents: 'all', flexShrink: 0 }}
          >
            Import a file
          </Button>
        </Group>
      </Dropzone>
      <Text size="xs" c="dimmed">
        Columns: {columns.map((c) => `“${c}”`).join(', ')}, in any order.{' '}
        <Anchor href={template} download="recipients.csv" size="xs">
          <IconDownload size={12} style={{ verticalAlign: -1 }} /> Download them as a CSV template
        </Anchor>
      </Text>
      {(read.isError || rejected) && (
        <Alert
          color="red"
          icon={<IconInfoCircle size={18} />}
          title={rejected ? 'This file cannot be imported' : `${fileName} could not be imported`}
        >
          {rejected ? <Text size="sm">{rejected}</Text> : <ErrorMessages error={read.error} />}
          <Text size="xs" c="dimmed" mt={6}>
            Nothing was added. Correct the file and import it again.
          </Text>
        </Alert>
      )}
      {separatorDialog}
    </Stack>
  );
}
