import { Anchor, Box, Button, Card, Group, Loader, RingProgress, Skeleton, Stack, Table, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconArrowLeft, IconCheck, IconFileSpreadsheet, IconFolder } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { listProjectRecipients, projectDataFields, projectRecipientsCount, runProjectExport, type DeliveryProgress, type Recipient, type StoreProject } from '../../api/store.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSignedInUser } from '../../session/queries.ts';
import { ColumnPicker } from '../../store/ColumnPicker.tsx';
import { DeliveryBar, DeliveryLegend, type DeliveryCounts } from '../../store/DeliveryProgress.tsx';
import { canExport } from '../../store/export-access.ts';
import { ExportDialog } from '../../store/ExportDialog.tsx';
import { ProjectUnavailable } from '../../store/ProjectUnavailable.tsx';
import { ActionsMenu } from '../../store/recipient/ActionsMenu.tsx';
import { RecipientDrawer } from '../../store/recipient/RecipientDrawer.tsx';
import { useRecipientActions } from '../../store/recipient/useRecipientActions.tsx';
import { recipientColumns } from '../../store/recipient-columns.tsx';
import { SearchBox } from '../../store/table/SearchBox.tsx';
import { TablePager } from '../../store/table/TablePager.tsx';
import { EmptyRow, LoadFailed, SkeletonRows } from '../../store/table/TableStates.tsx';
import { useTableParams } from '../../store/table/useTableParams.ts';
import { useProjectDelivery } from '../../store/useProjectDelivery.ts';

/** Spec 3 §9: the sent-status table shows 10 rows. */
const PAGE_SIZE = 10;
const DEFAULT_COLUMNS = ['name', 'email', 'status', 'sent_at', 'opened_at'];

function BackLink() {
  return (
    <Anchor component={Link} to="/store/history" size="sm" c="stone.7" mb="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <IconArrowLeft size={14} /> All deliveries
    </Anchor>
  );
}

const countsOf = (p: DeliveryProgress): DeliveryCounts => ({
  total: p.total, sent: p.sent, pending: p.pending, undeliverable: p.bounced + p.failed + p.suppressed, draft: p.draft, opened: p.opened,
});

/** /store/history/{id}: a project's delivery as it happens, then who got what (spec 3 §2 View Sent Status). */
export function SentStatusPage() {
  const id = Number(useParams().id);
  const { project, progress } = useProjectDelivery(id);
  if (project.isError) {
    return (
      <>
        <BackLink />
        <ProjectUnavailable error={project.error} onRetry={() => project.refetch()} back={{ label: 'All deliveries', to: '/store/history' }} />
      </>
    );
  }
  if (!project.data || !progress.data) {
    return (
      <Stack>
        <Skeleton h={200} radius="lg" />
        <Skeleton h={360} radius="lg" />
      </Stack>
    );
  }
  return <SentStatus project={project.data} progress={progress.data} />;
}

function LiveHeader({ project, progress }: { project: StoreProject; progress: DeliveryProgress }) {
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
          <Title order={2} className="display-title" fz={26} style={{ overflowWrap: 'anywhere' }}>
            {project.title}
          </Title>
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
          <Text size="sm" c="stone.6">
            {project.certificate_name} · created {formatDateTime(project.created_at)}
            {project.email_sender_name ? ` · sent as ${project.email_sender_name}` : ''}
          </Text>
          <Box mt={6}>
            <DeliveryBar counts={counts} size="lg" animate={sending} />
          </Box>
          <DeliveryLegend counts={counts} />
        </Stack>
      </Group>
    </Card>
  );
}

function SentStatus({ project, progress }: { project: StoreProject; progress: DeliveryProgress }) {
  const user = useSignedInUser();
  const exports = canExport(user);
  const [details, setDetails] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const actions = useRecipientActions({ senderName: project.email_sender_name, onDetails: (r) => setDetails(r.id) });
  const table = useTableParams<'last_name'>({ size: PAGE_SIZE, sort: 'last_name', sizes: [PAGE_SIZE] });
  const [visible, setVisible] = useLocalStorage<string[]>({ key: 'laurel.store.sent-status.columns', defaultValue: DEFAULT_COLUMNS });

  const fields = useQuery({ queryKey: ['store', 'project-fields', project.id], queryFn: () => projectDataFields(project.id), staleTime: Infinity });
  const columns = useMemo(() => recipientColumns<Recipient>(fields.data?.fields ?? [], false), [fields.data]);
  const shown = columns.filter((c) => visible.includes(c.key));
  const recipients = useQuery({
    queryKey: ['store', 'recipients', project.id, 'status', table.q, table.page],
    queryFn: () => listProjectRecipients({ project_id: project.id, limit: PAGE_SIZE, offset: table.offset, like: table.q || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = recipients.data?.recipients ?? [];

  return (
    <Stack gap="lg">
      <Box>
        <BackLink />
        <LiveHeader project={project} progress={progress} />
      </Box>
      <Card padding={0} shadow="xs">
        <Group justify="space-between" px="lg" py="md" wrap="wrap" gap="sm">
          <SearchBox value={table.q} onSearch={(q) => table.update({ q, page: 1 })} label="Search recipients" placeholder="Search name or email" />
          <Group gap="xs">
            <ColumnPicker columns={columns} visible={visible} onChange={setVisible} />
            <Button component={Link} to={`/store/projects/${project.id}`} variant="default" size="sm" leftSection={<IconFolder size={16} />}>
              Open project
            </Button>
            {exports && (
              <Button size="sm" variant="light" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => setExporting(true)}>
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
        <Table.ScrollContainer minWidth={Math.max(640, shown.length * 150)}>
          <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-label="Sent status" style={{ opacity: recipients.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead bg="stone.0">
              <Table.Tr>
                {shown.map((c) => (
                  <Table.Th key={c.key} w={c.width}>
                    {c.label}
                  </Table.Th>
                ))}
                <Table.Th w={48}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recipients.isPending && <SkeletonRows rows={6} columns={shown.length + 1} />}
              {recipients.isSuccess && rows.length === 0 && (
                <EmptyRow columns={shown.length + 1} title={table.q ? `No recipient matches “${table.q}”` : 'This project has no recipients'} />
              )}
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  {shown.map((c) => (
                    <Table.Td key={c.key}>{c.cell(r, () => setDetails(r.id))}</Table.Td>
                  ))}
                  <Table.Td>
                    <ActionsMenu label={`Actions for ${r.first_name} ${r.last_name}`} items={actions.actionsFor(r)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <TablePager label="Sent status pages" page={table.page} size={PAGE_SIZE} total={recipients.data?.count ?? 0} onPage={(page) => table.update({ page })} />
      </Card>
      {actions.dialogs}
      <RecipientDrawer recipientId={details} onClose={() => setDetails(null)} actionsFor={actions.actionsFor} showProject={false} />
      <ExportDialog
        opened={exporting}
        onClose={() => setExporting(false)}
        subject={project.title}
        count={{ key: [project.id], fn: async () => (await projectRecipientsCount(project.id)).recipients_count }}
        run={(type, email) => runProjectExport(project, type, email)}
      />
    </Stack>
  );
}
