import { canEditEmails, canSend, type Project, type Recipient } from '@laurel/domain';
import { Box, Button, Card, Checkbox, Group, Menu, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconActivity,
  IconChevronDown,
  IconFileSpreadsheet,
  IconMail,
  IconMailForward,
  IconMailOff,
  IconSend,
  IconUserPlus,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { TablePager } from '../../shared/components/TablePager.tsx';
import { usePageSize } from '../../shared/hooks/usePageSize.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { listProjectRecipients, recipientsKey, useProjectDelivery } from '../projects/index.ts';
import { AddRecipientsDialog } from './AddRecipientsDialog.tsx';
import { BackLink } from './BackLink.tsx';
import { countsOfProject, DeliveryBar, DeliveryLegend } from './DeliveryProgress.tsx';
import { ProjectExportDialog } from './ExportDialog.tsx';
import { useExportAccess } from './export-access.ts';
import { PrintCertificatesButton } from './PrintCertificatesButton.tsx';
import { ProjectOrigin, ProjectTitle } from './ProjectHeading.tsx';
import { ProjectLoading, ProjectUnavailable } from './ProjectUnavailable.tsx';
import { ActionsMenu } from './recipient/ActionsMenu.tsx';
import { RecipientDrawer } from './recipient/RecipientDrawer.tsx';
import { useRecipientActions } from './recipient/useRecipientActions.tsx';
import { DateCell, RecipientName } from './recipient-columns.tsx';
import { SendDialog, type SendIntent } from './SendDialog.tsx';
import { RecipientStatus } from './StatusBadge.tsx';
import { addressPager } from './table/address-pager.ts';
import { SearchBox } from './table/SearchBox.tsx';
import { EmptyRow, SkeletonRows } from './table/TableStates.tsx';
import { useRowSelection } from './table/useRowSelection.ts';
import { useTableParams } from './table/useTableParams.ts';

const back = { label: 'All projects', to: '/store' };

/** /store/projects/{id}: one project, its delivery, its recipients and what can be done to them. */
export function ProjectPage() {
  const id = Number(useParams().id);
  const { project, progress } = useProjectDelivery(id);

  if (project.isError) return <ProjectUnavailable error={project.error} onRetry={() => project.refetch()} back={back} />;
  if (!project.data) return <ProjectLoading headerHeight={170} />;
  return <ProjectView project={project.data} failed={progress.data?.failed ?? 0} />;
}

function ProjectView({ project, failed }: { project: Project; failed: number }) {
  const user = useSignedInUser();
  const mayChange = canSend(user);
  const exports = useExportAccess(user);
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [sending, setSending] = useState<SendIntent | null>(null);
  const [details, setDetails] = useState<number | null>(null);
  const actions = useRecipientActions({ senderName: project.email_sender_name, onDetails: (r) => setDetails(r.id) });
  const [pageSize, keepPageSize] = usePageSize('storeRecipient');
  const table = useTableParams<'last_name'>({ size: pageSize, sort: 'last_name' });
  const selection = useRowSelection();
  // On a phone the row folds into one cell: name, address and status stacked, actions beside.
  const wide = useMediaQuery('(min-width: 48em)', true);

  const recipients = useQuery({
    queryKey: recipientsKey(project.id, table.q, table.page, table.size),
    queryFn: () => listProjectRecipients({ project_id: project.id, limit: table.size, offset: table.offset, like: table.q || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = recipients.data?.recipients ?? [];
  const total = recipients.data?.count ?? 0;
  const resendsLeft = Math.max(0, project.resend_limit - project.resend_attempts);
  const pageIds = rows.map((r) => r.id);
  const pageSelected = pageIds.filter((id) => selection.has(id)).length;
  const intent = (title: string, description: string, confirmLabel: string, body: SendIntent['body']): SendIntent => ({
    projectId: project.id,
    title,
    description,
    confirmLabel,
    body,
    senderName: project.email_sender_name,
  });

  return (
    <Stack gap="lg">
      <Box>
        <BackLink {...back} />
        <Card padding="xl" shadow="xs">
          <Stack gap="lg">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
              <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
                <ProjectTitle title={project.title} />
                {project.key && (
                  <Text c="stone.7" size="sm">
                    {project.key}
                  </Text>
                )}
                <ProjectOrigin project={project} />
              </Stack>
              <Group gap="xs" wrap="wrap">
                {mayChange && (
                  <Button variant="default" leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
                    Add recipients
                  </Button>
                )}
                {mayChange && project.unsent_count > 0 && (
                  <Button
                    leftSection={<IconSend size={16} />}
                    onClick={() =>
                      setSending(
                        intent(
                          'Send to unsent recipients',
                          `${project.unsent_count} ${project.unsent_count === 1 ? 'recipient has' : 'recipients have'} not been sent their certificate yet. Each uses one credit.`,
                          `Send to ${project.unsent_count}`,
                          {},
                        ),
                      )
                    }
                  >
                    Send to {project.unsent_count} unsent
                  </Button>
                )}
                <Menu position="bottom-end" shadow="md" width={270}>
                  <Menu.Target>
                    <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                      More
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {mayChange && (
                      <>
                        <Menu.Label>
                          {resendsLeft > 0 ? `Resend to a group (${resendsLeft} of ${project.resend_limit} left)` : 'Group resends used up'}
                        </Menu.Label>
                        <Menu.Item
                          leftSection={<IconMailForward size={15} />}
                          disabled={failed === 0 || resendsLeft <= 0}
                          onClick={() =>
                            setSending(
                              intent(
                                'Resend to failed deliveries',
                                `${failed} ${failed === 1 ? 'certificate' : 'certificates'} could not be delivered after repeated attempts and will be sent again. Each uses one credit.`,
                                'Resend',
                                { resend_failed: true },
                              ),
                            )
                          }
                        >
                          Resend to failed ({failed})
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconMailOff size={15} />}
                          disabled={project.unvisited_recipients === 0 || resendsLeft <= 0}
                          onClick={() =>
                            setSending(
                              intent(
                                'Resend to those who never opened',
                                `${project.unvisited_recipients} ${project.unvisited_recipients === 1 ? 'recipient has' : 'recipients have'} not opened their certificate yet and will get the email again. Resending an issued certificate uses no credit.`,
                                'Resend',
                                { resend_never_logged_in: true },
                              ),
                            )
                          }
                        >
                          Resend to never opened ({project.unvisited_recipients})
                        </Menu.Item>
                        <Menu.Divider />
                      </>
                    )}
                    <Menu.Item leftSection={<IconActivity size={15} />} component={Link} to={`/store/history/${project.id}`}>
                      Sent status
                    </Menu.Item>
                    <Menu.Item leftSection={<IconMail size={15} />} component={Link} to={`/store/projects/${project.id}/email`}>
                      {canEditEmails(user) ? 'Edit this project’s email' : 'View this project’s email'}
                    </Menu.Item>
                    {exports.visible && (
                      <Menu.Item leftSection={<IconFileSpreadsheet size={15} />} onClick={() => exports.open(() => setExporting(true))}>
                        Export recipients
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Group>
            <Stack gap="sm">
              <DeliveryBar counts={countsOfProject(project)} size="lg" animate />
              <DeliveryLegend counts={countsOfProject(project)} />
            </Stack>
          </Stack>
        </Card>
      </Box>

      <Card padding={0} shadow="xs">
        <Group justify="space-between" px="lg" py="md" wrap="wrap" gap="sm">
          <Title order={3} fz="lg">
            Recipients
            <Text span c="stone.6" fw={400} ml={8} fz="md">
              {project.recipients_count.toLocaleString('en-US')}
            </Text>
          </Title>
          <Group gap="sm" wrap="wrap">
            {selection.size > 0 && (
              <Group gap={4} wrap="nowrap">
                <Text size="sm" c="stone.7" aria-live="polite">
                  {selection.size.toLocaleString('en-US')} selected
                </Text>
                <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
                  Clear selection
                </Button>
              </Group>
            )}
            <PrintCertificatesButton projectId={project.id} recipientIds={selection.ids} disabled={project.recipients_count === 0} />
            <SearchBox
              value={table.q}
              onSearch={(q) => table.update({ q, page: 1 })}
              label="Search recipients"
              placeholder="Search name or email"
            />
          </Group>
        </Group>
        {recipients.isError && (
          <Box px="lg">
            <LoadFailed title="The recipients could not be loaded" error={recipients.error} onRetry={() => recipients.refetch()} />
          </Box>
        )}
        <Table.ScrollContainer minWidth={wide ? 760 : 0}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing="lg"
            highlightOnHover
            aria-label="Recipients"
            style={{ opacity: recipients.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead bg="stone.0">
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select the recipients on this page"
                    checked={pageIds.length > 0 && pageSelected === pageIds.length}
                    indeterminate={pageSelected > 0 && pageSelected < pageIds.length}
                    disabled={pageIds.length === 0}
                    onChange={(e) => selection.setMany(pageIds, e.currentTarget.checked)}
                  />
                </Table.Th>
                <Table.Th>{wide ? 'Name' : 'Recipient'}</Table.Th>
                <Table.Th visibleFrom="sm">Email</Table.Th>
                <Table.Th w={200} visibleFrom="sm">
                  Status
                </Table.Th>
                <Table.Th w={170} visibleFrom="sm">
                  Sent
                </Table.Th>
                <Table.Th w={170} visibleFrom="sm">
                  Opened
                </Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recipients.isPending && <SkeletonRows rows={Math.min(table.size, 6)} columns={7} />}
              {recipients.isSuccess && rows.length === 0 && (
                <EmptyRow columns={7} title={table.q ? `No recipient matches “${table.q}”` : 'This project has no recipients'}>
                  {table.q
                    ? 'Search looks in first names, last names and email addresses.'
                    : 'Add recipients to send them this certificate.'}
                </EmptyRow>
              )}
              {rows.map((r) => (
                <RecipientRow
                  key={r.id}
                  recipient={r}
                  onOpen={() => setDetails(r.id)}
                  menu={actions.actionsFor(r)}
                  selected={selection.has(r.id)}
                  onSelect={(on) => selection.setMany([r.id], on)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <TablePager {...addressPager('Recipient pages', table, total, keepPageSize)} />
      </Card>

      {actions.dialogs}
      <RecipientDrawer recipientId={details} onClose={() => setDetails(null)} actionsFor={actions.actionsFor} showProject={false} />
      <AddRecipientsDialog projectId={project.id} opened={adding} onClose={() => setAdding(false)} />
      <SendDialog intent={sending} onClose={() => setSending(null)} />
      <ProjectExportDialog project={project} opened={exporting} onClose={() => setExporting(false)} />
    </Stack>
  );
}

interface RecipientRowProps {
  recipient: Recipient;
  onOpen(): void;
  menu: ReturnType<ReturnType<typeof useRecipientActions>['actionsFor']>;
  selected: boolean;
  onSelect(on: boolean): void;
}

function RecipientRow({ recipient: r, onOpen, menu, selected, onSelect }: RecipientRowProps) {
  const name = `${r.first_name} ${r.last_name}`.trim();
  return (
    <Table.Tr bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td>
        <Checkbox aria-label={`Select ${name}`} checked={selected} onChange={(e) => onSelect(e.currentTarget.checked)} />
      </Table.Td>
      <Table.Td>
        <RecipientName recipient={r} onOpen={onOpen} />
        <Text size="xs" c="stone.6">
          No. {r.certificate_number}
        </Text>
        <Stack gap={4} mt={4} hiddenFrom="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {r.email}
          </Text>
          <RecipientStatus state={r.state} revoked={r.revoked} />
        </Stack>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.email}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <RecipientStatus state={r.state} revoked={r.revoked} />
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <DateCell at={r.sent_at} />
      </Table.Td>
      <Table.Td visibleFrom="sm">
        {r.accessed_at ? (
          <DateCell at={r.accessed_at} />
        ) : (
          <Tooltip label={r.sent ? 'Delivered, but the certificate has not been opened yet' : 'Not sent yet'} disabled={!r.sent}>
            <Text size="sm" c="stone.5">
              {r.sent ? 'Not opened' : '—'}
            </Text>
          </Tooltip>
        )}
      </Table.Td>
      <Table.Td>
        <ActionsMenu label={`Actions for ${name}`} items={menu} />
      </Table.Td>
    </Table.Tr>
  );
}
