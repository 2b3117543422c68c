import type { AttachedFile } from '@laurel/domain';
import { ActionIcon, Anchor, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconFile, IconTrash } from '@tabler/icons-react';
import type { SectionProps } from './types.ts';

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * What every recipient's message carries besides the certificate's image and link: their certificate as a PDF (a
 * switch, off unless the issuer turns it on) and, for a certificate set, the files added with the paperclip in the
 * toolbar. A project's email has the switch but no files of its own (`attachments` is null): it keeps the set's.
 */
export function AttachmentsSection({
  design,
  onChange,
  readOnly,
  attachments,
  onRemove,
}: SectionProps & { attachments: AttachedFile[] | null; onRemove: (a: AttachedFile) => void }) {
  return (
    <Stack gap="sm">
      <Switch
        label="Attach the certificate as a PDF"
        description={
          'Either way the email links to the certificate’s page, where recipients view it and download the print-quality PDF. ' +
          'Turned on, each message also carries a lighter copy of the PDF to keep offline; attachments can send a message to spam.'
        }
        checked={design.attach_pdf}
        onChange={(e) => onChange({ attach_pdf: e.currentTarget.checked })}
        disabled={readOnly}
      />
      {attachments && <AttachedFiles attachments={attachments} onRemove={onRemove} readOnly={readOnly} />}
    </Stack>
  );
}

function AttachedFiles({
  attachments,
  onRemove,
  readOnly,
}: {
  attachments: AttachedFile[];
  onRemove: (a: AttachedFile) => void;
  readOnly: boolean;
}) {
  if (!attachments.length) {
    return (
      <Text size="sm" c="dimmed">
        No attachments. Use the paperclip in the toolbar to attach a file, such as a programme or a letter, to every message.
      </Text>
    );
  }
  return (
    <Stack gap={6} role="list" aria-label="Attachments">
      {attachments.map((a) => (
        <Paper key={a.id} withBorder radius="md" px="sm" py={6} role="listitem">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFile size={16} stroke={1.6} />
              <Anchor href={a.url} target="_blank" rel="noopener noreferrer" size="sm" truncate>
                {a.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {size(a.size)}
              </Text>
            </Group>
            {!readOnly && (
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${a.name}`} onClick={() => onRemove(a)}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
