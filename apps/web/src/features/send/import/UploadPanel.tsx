import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconArrowRight, IconDownload, IconFileSpreadsheet, IconInfoCircle } from '@tabler/icons-react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { plural } from '../../../shared/lib/format.ts';
import { notifyError } from '../../../shared/lib/notify.ts';
import { importList, type SendCertificate } from '../api/send.ts';
import { sampleCsv } from '../fields.ts';
import type { ImportTable } from '../rows.ts';
import { IMPORT_ACCEPT, MAX_IMPORT_BYTES, rejectionMessage } from './file-types.ts';
import { useCsvTemplate, useListFileImport } from './useListFileImport.tsx';

/**
 * Upload a CSV (separator confirmed in a dialog) or an XLSX workbook (its first sheet). A file read
 * before stays in the wizard: Back finds it here, to go on with or to replace.
 */
export function UploadPanel({
  certificate,
  current,
  onTable,
}: {
  certificate: SendCertificate;
  current: ImportTable | null;
  onTable: (table: ImportTable) => void;
}) {
  const {
    mutation: upload,
    chooseFile,
    separatorDialog,
  } = useListFileImport(
    (file, separator) => importList(file, file.name, separator),
    (table, file) => onTable({ headers: table.headers, rows: table.data, kind: 'file', filename: file.name }),
  );
  // A template the import maps on its own: this certificate's fields as the header row.
  const template = useCsvTemplate(sampleCsv(certificate.fields, certificate.expiration_date_format));

  return (
    <Stack gap="md">
      {current && (
        <Alert color="laurel" variant="light" icon={<IconFileSpreadsheet size={18} />} title={`${current.filename ?? 'Your file'} is read`}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {plural(current.rows.length, 'row')} and {plural(current.headers.length, 'column')}. Go on with it, or drop another file to
              replace it.
            </Text>
            <Button size="xs" rightSection={<IconArrowRight size={14} />} onClick={() => onTable(current)}>
              Continue with this file
            </Button>
          </Group>
        </Alert>
      )}
      <Dropzone
        onDrop={(files) => files[0] && void chooseFile(files[0])}
        onReject={(rejections) => notifyError(rejectionMessage(rejections[0]?.errors[0]?.code))}
        maxSize={MAX_IMPORT_BYTES}
        accept={IMPORT_ACCEPT}
        multiple={false}
        loading={upload.isPending}
        aria-label="Upload a recipient list"
      >
        <Group justify="center" mih={170} style={{ pointerEvents: 'none' }}>
          {upload.isPending ? (
            <Stack align="center" gap={6}>
              <Loader size="sm" />
              <Text size="sm">Reading {upload.variables?.file.name}…</Text>
            </Stack>
          ) : (
            <Stack align="center" gap={6} ta="center">
              <IconFileSpreadsheet size={38} stroke={1.4} color="var(--mantine-color-laurel-6)" />
              <Text fw={600}>Drop your CSV or Excel file here</Text>
              <Text size="sm" c="dimmed">
                or click to choose one. CSV separated by commas, semicolons, colons or tabs, or .xlsx; up to 10 MB.
              </Text>
            </Stack>
          )}
        </Group>
      </Dropzone>
      {upload.isError && (
        <Alert color="red" icon={<IconInfoCircle size={18} />} title={`${upload.variables?.file.name ?? 'The file'} could not be imported`}>
          {errorMessage(upload.error)}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Not sure how to lay out your file?{' '}
        <Anchor href={template} download={`${certificate.name.replace(/[^\w\- ]+/g, '').trim() || 'recipients'} recipients.csv`}>
          <IconDownload size={14} style={{ verticalAlign: -2 }} /> Download a template with this certificate’s columns
        </Anchor>
      </Text>
      {separatorDialog}
    </Stack>
  );
}
