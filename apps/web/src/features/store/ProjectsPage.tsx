import { canSend, type Project, type ProjectSort } from '@laurel/domain';
import { Anchor, Button, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconActivity, IconEye, IconFileSpreadsheet, IconFolders, IconPencil, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { usePageSize } from '../../shared/hooks/usePageSize.ts';
import { formatDateTime, plural } from '../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { deleteProject, listProjects, PROJECTS_KEY, updateProjectMemo } from '../projects/index.ts';
import { bulkRecipientsCount, runBulkExport, runProjectExport } from './api/store.ts';
import { Count } from './Count.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { useExportAccess } from './export-access.ts';
import { InlineEdit } from './InlineEdit.tsx';
import { NothingSentYet } from './NothingSentYet.tsx';
import { storeKeys } from './query-keys.ts';
import { ActionsMenu } from './recipient/ActionsMenu.tsx';
import { addressPager } from './table/address-pager.ts';
import { SearchBox } from './table/SearchBox.tsx';
import { SortSelect } from './table/SortSelect.tsx';
import { EmptyRow, SkeletonRows } from './table/TableStates.tsx';
import { useTableParams } from './table/useTableParams.ts';

const SORTS: { value: ProjectSort; label: string }[] = [
  { value: 'id', label: 'Newest first' },
  { value: 'title', label: 'Title A–Z' },
];

interface ExportTarget {
  ids: number[];
  subject: string;
}

/** /store: every project the issuer may see, with its delivery counters, search, inline edits and exports. */
export function ProjectsPage() {
  const user = useSignedInUser();
  const exports = useExportAccess(user);
  // Renaming, annotating and deleting projects is part of sending (the server refuses the rest).
  const mayChange = canSend(user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pageSize, keepPageSize] = usePageSize('storeProjects');
  const table = useTableParams<ProjectSort>({ size: pageSize, sort: 'id', sorts: ['id', 'newest', 'title'] });
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [editing, setEditing] = useState<{ id: number; field: 'title' | 'memo' } | null>(null);
  const [exportTarget, setExportTarget] = useState<ExportTarget | null>(null);
  // On a phone the counters fold into one line under the title.
  const wide = useMediaQuery('(min-width: 48em)', true);

  const list = useQuery({
    queryKey: storeKeys.projects(table.q, table.sort, table.size, table.page),
    queryFn: () => listProjects({ limit: table.size, offset: table.offset, like: table.q || undefined, sort: table.sort }),
    placeholderData: keepPreviousData,
    // While a project on screen is still sending, its counters move: follow them.
    refetchInterval: (query) => (query.state.data?.projects.some((p) => p.sent_pending > 0) ? 3_000 : false),
  });
  const rows = list.data?.projects ?? [];
  const total = list.data?.count ?? 0;
  const columns = exports.allowed ? 10 : 9;
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });

  const saveMemo = (project: Project, field: 'title' | 'memo', value: string) =>
    updateProjectMemo(project.id, field === 'title' ? { title: value } : { memo: value }).then(
      (result) => {
        notifySuccess(result.message || 'Memo saved');
        void refresh();
      },
      (error) => {
        notifyError(
          errorMessage(error, field === 'title' ? 'Project title must be unique.' : 'Error saving memo'),
          field === 'memo' ? 'Error saving memo' : undefined,
        );
        throw error;
      },
    );

  const remove = useMutation({
    mutationFn: (project: Project) => deleteProject(project.id),
    onSuccess: (result, project) => {
      notifySuccess(result.message || 'Record deleted');
      setSelected((current) => {
        const next = new Map(current);
        next.delete(project.id);
        return next;
      });
      if (rows.length === 1 && table.page > 1) table.update({ page: table.page - 1 });
      void refresh();
    },
    onError: (error) => notifyError(errorMessage(error), 'Error deleting project'),
  });

  const confirmDelete = (project: Project) =>
    modals.openConfirmModal({
      title: 'Delete this project?',
      children: (
        <Text size="sm">
          “{project.title}” leaves the Store. Certificates already sent stay valid and their links keep working; unsent recipients will not
          be sent.
        </Text>
      ),
      labels: { confirm: 'Delete project', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(project),
    });

  const pageIds = rows.map((p) => p.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someOnPage = pageIds.some((id) => selected.has(id));
  const toggle = (project: Project) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(project.id)) next.delete(project.id);
      else next.set(project.id, project.title);
      return next;
    });
  const togglePage = () =>
    setSelected((current) => {
      const next = new Map(current);
      for (const p of rows) {
        if (allOnPage) next.delete(p.id);
        else next.set(p.id, p.title);
      }
      return next;
    });

  if (list.isSuccess && total === 0 && !table.q) {
    return (
      <NothingSentYet
        icon={<IconFolders size={26} stroke={1.6} />}
        title="No projects yet"
        description="Every send becomes a project here, with its recipients, delivery status, downloads and resends."
      />
    );
  }

  const selectedIds = [...selected.keys()];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px' }}>
          <SearchBox
            value={table.q}
            onSearch={(q) => table.update({ q, page: 1 })}
            label="Search projects"
            placeholder="Search by title or memo"
          />
          <SortSelect
            label="Sort projects"
            w={160}
            sorts={SORTS}
            value={table.sort === 'newest' ? 'id' : table.sort}
            onChange={(sort) => table.update({ sort, page: 1 })}
          />
        </Group>
        {exports.visible && (
          <Group gap="xs">
            {selectedIds.length > 0 && (
              <Button variant="subtle" color="stone" size="sm" onClick={() => setSelected(new Map())}>
                Clear selection
              </Button>
            )}
            <Button
              size="sm"
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} />}
              disabled={exports.allowed && selectedIds.length === 0}
              onClick={() =>
                exports.open(() =>
                  setExportTarget({
                    ids: selectedIds,
                    subject: selectedIds.length === 1 ? selected.get(selectedIds[0]!)! : plural(selectedIds.length, 'project'),
                  }),
                )
              }
            >
              {selectedIds.length ? `Export ${selectedIds.length} selected` : 'Export selected'}
            </Button>
          </Group>
        )}
      </Group>

      {list.isError && <LoadFailed title="The projects could not be loaded" error={list.error} onRetry={() => list.refetch()} />}

      <PagedTable
        minWidth={wide ? 980 : 0}
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        aria-label="Projects"
        style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
        pager={addressPager('Project pages', table, total, keepPageSize)}
      >
        <Table.Thead bg="stone.0">
          <Table.Tr>
            {exports.allowed && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all projects on this page"
                  checked={allOnPage}
                  indeterminate={someOnPage && !allOnPage}
                  onChange={togglePage}
                />
              </Table.Th>
            )}
            <Table.Th>Project</Table.Th>
            <Table.Th visibleFrom="sm">Memo</Table.Th>
            <Table.Th visibleFrom="sm" w={120}>
              Created
            </Table.Th>
            <Table.Th w={92} ta="right" visibleFrom="sm">
              Recipients
            </Table.Th>
            <Table.Th w={64} ta="right" visibleFrom="sm">
              Sent
            </Table.Th>
            <Table.Th w={78} ta="right" visibleFrom="sm">
              Pending
            </Table.Th>
            <Table.Th w={118} ta="right" visibleFrom="sm">
              Undeliverable
            </Table.Th>
            <Table.Th w={112} ta="right" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              Not opened
            </Table.Th>
            <Table.Th w={44}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.isPending && <SkeletonRows rows={Math.min(table.size, 8)} columns={columns} />}
          {list.isSuccess && rows.length === 0 && (
            <EmptyRow columns={columns} title={`No project matches “${table.q}”`}>
              Search looks in project titles and memos.
            </EmptyRow>
          )}
          {rows.map((project) => {
            const editingTitle = editing?.id === project.id && editing.field === 'title';
            const editingMemo = editing?.id === project.id && editing.field === 'memo';
            return (
              <Table.Tr key={project.id} bg={selected.has(project.id) ? 'var(--mantine-color-laurel-0)' : undefined}>
                {exports.allowed && (
                  <Table.Td>
                    <Checkbox aria-label={`Select ${project.title}`} checked={selected.has(project.id)} onChange={() => toggle(project)} />
                  </Table.Td>
                )}
                <Table.Td maw={320}>
                  <InlineEdit
                    value={project.title}
                    label="title"
                    required
                    readOnly={!mayChange}
                    editing={editingTitle}
                    onEditingChange={(on) => setEditing(on ? { id: project.id, field: 'title' } : null)}
                    onSave={(value) => saveMemo(project, 'title', value)}
                  >
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={`/store/projects/${project.id}`} fw={600} size="sm" lineClamp={2}>
                        {project.title}
                      </Anchor>
                      <Text size="xs" c="stone.6" truncate>
                        {project.certificate_name}
                      </Text>
                      {project.key && (
                        <Text size="xs" c="stone.7" hiddenFrom="sm" lineClamp={2}>
                          {project.key}
                        </Text>
                      )}
                      <Text size="xs" c="stone.7" hiddenFrom="sm">
                        {`${plural(project.recipients_count, 'recipient')} · ${project.sent_count} sent · ${project.undeliverable} undeliverable · ${project.unvisited_recipients} not opened`}
                      </Text>
                    </Stack>
                  </InlineEdit>
                </Table.Td>
                <Table.Td maw={240} visibleFrom="sm">
                  <InlineEdit
                    value={project.key}
                    label="memo"
                    placeholder="Add a memo"
                    readOnly={!mayChange}
                    editing={editingMemo}
                    onEditingChange={(on) => setEditing(on ? { id: project.id, field: 'memo' } : null)}
                    onSave={(value) => saveMemo(project, 'memo', value)}
                  >
                    <Text size="sm" c={project.key ? undefined : 'stone.5'} lineClamp={2} style={{ minWidth: 0 }}>
                      {project.key || 'No memo'}
                    </Text>
                  </InlineEdit>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" c="stone.7" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(project.created_at).split(',')[0]}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  <Count value={project.recipients_count} />
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  <Count value={project.sent_count} tone="good" />
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  <Count
                    value={project.sent_pending + project.unsent_count}
                    tone="info"
                    label={`${project.sent_pending} sending, ${project.unsent_count} unsent`}
                  />
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  <Count value={project.undeliverable} tone="bad" />
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  <Count value={project.unvisited_recipients} tone="warn" />
                </Table.Td>
                <Table.Td>
                  <ActionsMenu
                    label={`Actions for ${project.title}`}
                    items={[
                      {
                        key: 'open',
                        label: 'Open project',
                        icon: <IconEye size={15} />,
                        onClick: () => navigate(`/store/projects/${project.id}`),
                      },
                      {
                        key: 'status',
                        label: 'Sent status',
                        icon: <IconActivity size={15} />,
                        onClick: () => navigate(`/store/history/${project.id}`),
                      },
                      ...(mayChange
                        ? [
                            {
                              key: 'title',
                              label: 'Edit title',
                              icon: <IconPencil size={15} />,
                              onClick: () => setEditing({ id: project.id, field: 'title' }),
                            },
                          ]
                        : []),
                      ...(exports.visible
                        ? [
                            {
                              key: 'export',
                              label: 'Export',
                              icon: <IconFileSpreadsheet size={15} />,
                              onClick: () => exports.open(() => setExportTarget({ ids: [project.id], subject: project.title })),
                            },
                          ]
                        : []),
                      ...(mayChange
                        ? [
                            {
                              key: 'delete',
                              label: 'Delete',
                              icon: <IconTrash size={15} />,
                              onClick: () => confirmDelete(project),
                              danger: true,
                            },
                          ]
                        : []),
                    ]}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </PagedTable>

      <ExportDialog
        opened={exportTarget !== null}
        onClose={() => setExportTarget(null)}
        subject={exportTarget?.subject ?? ''}
        count={{ key: exportTarget?.ids ?? [], fn: async () => (await bulkRecipientsCount(exportTarget!.ids)).recipients_count }}
        run={(type, email) =>
          exportTarget!.ids.length === 1
            ? runProjectExport({ id: exportTarget!.ids[0]!, title: exportTarget!.subject }, type, email)
            : runBulkExport(exportTarget!.ids, type, email)
        }
      />
    </Stack>
  );
}
