import type { ExportStarted, ExportType, Project } from '@laurel/domain';
import { Alert, Button, Group, Modal, SegmentedControl, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconFileSpreadsheet, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { plural } from '../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { projectRecipientsCount, runProjectExport } from './api/store.ts';
import { storeKeys } from './query-keys.ts';

interface ExportDialogProps {
  opened: boolean;
  onClose(): void;
  /** What is being exported, as the dialog names it: a project's title, "3 projects", "this search". */
  subject: string;
  /** Counts the recipients first, so the issuer knows how big the file will be. */
  count: { key: unknown[]; fn(): Promise<number> };
  run(type: ExportType, email: string): Promise<ExportStarted>;
}

/**
 * Starts an export (docs/product/store.md#calls): the file is written in the background and a download link is
 * mailed, so a large export never holds the screen. The reply carries the spec's time estimate.
 */
export function ExportDialog({ opened, onClose, subject, count, run }: ExportDialogProps) {
  const user = useSignedInUser();
  const [type, setType] = useState<ExportType>('xlsx');
  const [email, setEmail] = useState(user.email);
  useEffect(() => {
    if (opened) setEmail(user.email);
  }, [opened, user.email]);

  const total = useQuery({ queryKey: storeKeys.exportCount(...count.key), queryFn: count.fn, enabled: opened });
  const start = useMutation({
    mutationFn: () => run(type, email.trim()),
    onSuccess: (result) => {
      notifySuccess(`We will email a download link to ${result.email} in about ${result.estimated_minutes} minutes.`, result.message);
      onClose();
    },
    onError: (error) => notifyError(errorMessage(error, 'Export failed.'), 'Export failed.'),
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Export recipients" size="md">
      <Stack gap="md">
        <Text size="sm">
          Export every recipient of <b>{subject}</b> with their data fields, delivery status and dates. Public certificate links are not
          included: they belong to the recipients.
        </Text>
        {total.isPending ? (
          <Skeleton h={38} radius="md" />
        ) : total.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(total.error)}
          </Alert>
        ) : (
          <Alert color="laurel" variant="light" icon={<IconInfoCircle size={18} />}>
            {total.data === 0 ? 'There are no recipients to export.' : `${plural(total.data, 'recipient')} will be exported.`}
          </Alert>
        )}
        <div>
          <Text size="sm" fw={500} mb={6} id="export-format-label">
            Format
          </Text>
          <SegmentedControl
            aria-labelledby="export-format-label"
            value={type}
            onChange={(value) => setType(value as ExportType)}
            data={[
              { value: 'xlsx', label: 'Excel (XLSX)' },
              { value: 'csv', label: 'CSV' },
            ]}
          />
        </div>
        <TextInput
          label="Send the download link to"
          description="You, or another user of your account. The link is valid for 7 days."
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          size="sm"
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={start.isPending}
            disabled={!email.trim() || total.data === 0}
            onClick={() => start.mutate()}
          >
            Start export
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The export of one project's recipients, from the project's page or its sent status. */
export function ProjectExportDialog({
  project,
  opened,
  onClose,
}: {
  project: Pick<Project, 'id' | 'title'>;
  opened: boolean;
  onClose(): void;
}) {
  return (
    <ExportDialog
      opened={opened}
      onClose={onClose}
      subject={project.title}
      count={{ key: [project.id], fn: async () => (await projectRecipientsCount(project.id)).recipients_count }}
      run={(type, email) => runProjectExport(project, type, email)}
    />
  );
}
