import type { Project, Recipient, SendProgress } from '@laurel/domain';
import { Box, Button, Card, Group, Loader, RingProgress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconFileSpreadsheet, IconFolder, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { TablePager } from '../../shared/components/TablePager.tsx';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import {
  listProjectRecipients,
  PROJECTS_KEY,
  projectKey,
  recipientsKey,
  refreshProjectHistory,
  useProjectDelivery,
} from '../projects/index.ts';
import { projectDataFields } from './api/store.ts';
import { BackLink } from './BackLink.tsx';
import { ColumnPicker } from './ColumnPicker.tsx';
import { DeliveryBar, type DeliveryCounts, DeliveryLegend } from './DeliveryProgress.tsx';
import { ProjectExportDialog } from './ExportDialog.tsx';
import { useExportAccess } from './export-access.ts';
import { ProjectOrigin, ProjectTitle } from './ProjectHeading.tsx';
import { ProjectLoading, ProjectUnavailable } from './ProjectUnavailable.tsx';
import { storeKeys } from './query-keys.ts';
import { RecipientColumnsTable } from './RecipientColumnsTable.tsx';
import { RecipientDrawer } from './recipient/RecipientDrawer.tsx';
import { useRecipientActions } from './recipient/useRecipientActions.tsx';
import { useChosenColumns } from './recipient-columns.tsx';
import { SearchBox } from './table/SearchBox.tsx';
import { useTableParams } from './table/useTableParams.ts';

/** docs/product/store.md#rules-and-limits: the sent-status table shows 10 rows. */
const PAGE_SIZE = 10;
const DEFAULT_COLUMNS = ['name', 'email', 'status', 'sent_at', 'opened_at'];
const back = { label: 'All deliveries', to: '/store/history' };

const countsOf = (p: SendProgress): DeliveryCounts => ({
  total: p.total,
  sent: p.sent,
  pending: p.pending,
  undeliverable: p.bounced + p.failed + p.suppressed,
  draft: p.draft,
  opened: p.opened,
});

/** /store/history/{id}: a project's delivery as it happens, then who got what (docs/product/store.md#screens View Sent Status). */
export function SentStatusPage() {
  const id = Number(useParams().id);
  const { project, progress } = useProjectDelivery(id);
  if (project.isError) return <ProjectUnavailable error={project.error} onRetry={() => project.refetch()} back={back} />;
  if (!project.data || !progress.data) return <ProjectLoading headerHeight={200} />;
  return <SentStatus project={project.data} progress={progress.data} />;
}

function LiveHeader({ project, progress }: { project: Project; progress: SendProgress }) {
  const counts = countsOf(progress);
  const done = progress.sent + counts.undeliverable;
  const share = progress.total ? Math.round((progress.sent / progress.total) * 100) : 0;
  const sending = !progress.finished;
  return (
    <Card padding="xl" shadow="xs">
      <Group align="center" gap="xl" wrap="wrap">
        <RingProgress
          size={112}
          thickness={10}
          roundCaps
          // A zero-length section would still draw a dot with round caps.
          sections={[
            { value: progress.total ? (progress.sent / progress.total) * 100 : 0, color: 'laurel.6' },
            { value: progress.total ? (counts.undeliverable / progress.total) * 100 : 0, color: 'red.5' },
          ].filter((section) => section.value > 0)}
          label={
            <Text ta="center" fw={700} fz="lg" aria-label={`${share}% sent`}>
              {share}%
            </Text>
          }
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
          <ProjectTitle title={project.title} />
          <Group gap="xs" aria-live="polite">
            {sending ? (
              <>
                <Loader size={14} />
                <Text size="sm" fw={600} c="blue.7">
                  {`Sending… ${done.toLocaleString('en-US')} of ${(done + progress.pending).toLocaleString('en-US')} done`}
                </Text>
              </>
            ) : (
              <>
                <ThemeIcon size={18} radius="xl" color="laurel" variant="light">
                  <IconCheck size={12} />
                </ThemeIcon>
                <Text size="sm" fw={600} c="laurel.8" data-testid="delivery-finished">
                  {progress.sent + counts.undeliverable > 0 ? 'Delivery finished' : 'Not sent yet'}
                </Text>
              </>
            )}
          </Group>
          <ProjectOrigin project={project} />
          <Box mt={6}>
            <DeliveryBar counts={counts} size="lg" animate={sending} />
          </Box>
          <DeliveryLegend counts={counts} />
        </Stack>
      </Group>
    </Card>
  );
}

function SentStatus({ project, progress }: { project: Project; progress: SendProgress }) {
  const user = useSignedInUser();
  const exports = useExportAccess(user);
  const [details, setDetails] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const actions = useRecipientActions({ senderName: project.email_sender_name, onDetails: (r) => setDetails(r.id) });
  const table = useTableParams<'last_name'>({ size: PAGE_SIZE, sort: 'last_name', sizes: [PAGE_SIZE] });
  const fields = useQuery({
    queryKey: storeKeys.projectFields(project.id),
    queryFn: () => projectDataFields(project.id),
    staleTime: Infinity,
  });
  const { columns, visible, setVisible, shown } = useChosenColumns<Recipient>(
    'laurel.store.sent-status.columns',
    DEFAULT_COLUMNS,
    fields.data?.fields,
    false,
  );
  const recipients = useQuery({
    queryKey: recipientsKey(project.id, 'status', table.q, table.page),
    queryFn: () => listProjectRecipients({ project_id: project.id, limit: PAGE_SIZE, offset: table.offset, like: table.q || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = recipients.data?.recipients ?? [];
  // The counters follow every change on their own; a recount is for when the figures look wrong.
  const queryClient = useQueryClient();
  const recount = useMutation({
    mutationFn: () => refreshProjectHistory(project.id),
    onSuccess: (fresh) => {
      queryClient.setQueryData(projectKey(project.id), fresh);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      notifySuccess('Delivery figures recounted');
    },
    onError: (error) => notifyError(errorMessage(error)),
  });

  return (
    <Stack gap="lg">
      <Box>
        <BackLink {...back} />
        <LiveHeader project={project} progress={progress} />
      </Box>
      <Card padding={0} shadow="xs">
        <Group justify="space-between" px="lg" py="md" wrap="wrap" gap="sm">
          <SearchBox
            value={table.q}
            onSearch={(q) => table.update({ q, page: 1 })}
            label="Search recipients"
            placeholder="Search name or email"
          />
          <Group gap="xs">
            <ColumnPicker columns={columns} visible={visible} onChange={setVisible} />
            <Button
              variant="default"
              size="sm"
              leftSection={<IconRefresh size={16} />}
              loading={recount.isPending}
              onClick={() => recount.mutate()}
            >
              Refresh
            </Button>
            <Button
              component={Link}
              to={`/store/projects/${project.id}`}
              variant="default"
              size="sm"
              leftSection={<IconFolder size={16} />}
            >
              Open project
            </Button>
            {exports.visible && (
              <Button
                size="sm"
                variant="light"
                leftSection={<IconFileSpreadsheet size={16} />}
                onClick={() => exports.open(() => setExporting(true))}
              >
                Export
              </Button>
            )}
          </Group>
        </Group>
        {recipients.isError && (
          <Box px="lg">
            <LoadFailed title="The recipients could not be loaded" error={recipients.error} onRetry={() => recipients.refetch()} />
          </Box>
        )}
        <RecipientColumnsTable
          label="Sent status"
          minWidth={640}
          columns={shown}
          rows={rows}
          query={recipients}
          skeletonRows={6}
          empty={{ title: table.q ? `No recipient matches “${table.q}”` : 'This project has no recipients' }}
          onOpen={(r) => setDetails(r.id)}
          actionsFor={actions.actionsFor}
        />
        <TablePager
          label="Sent status pages"
          page={table.page}
          size={PAGE_SIZE}
          total={recipients.data?.count ?? 0}
          onPage={(page) => table.update({ page })}
        />
      </Card>
      {actions.dialogs}
      <RecipientDrawer recipientId={details} onClose={() => setDetails(null)} actionsFor={actions.actionsFor} showProject={false} />
      <ProjectExportDialog project={project} opened={exporting} onClose={() => setExporting(false)} />
    </Stack>
  );
}
