import type { AdminProject, AdminProjectState } from '@laurel/domain';
import { Badge, Button, Center, Group, Loader, SegmentedControl, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFolders, IconRestore, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { formatDateTime, plural } from '../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { deleteProjectForever, recoverProject } from './api.ts';
import { adminKeys } from './query-keys.ts';
import { useAdminProjectList } from './useAdminProjectList.ts';

const STATES: { value: AdminProjectState; label: string }[] = [
  { value: 'deleted', label: 'Deleted' },
  { value: 'all', label: 'All' },
  { value: 'live', label: 'Live' },
];

/** /projects: the projects log. Deleted projects are recovered to their account's store or deleted for good. */
export function AdminProjectsPage() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AdminProjectState>('deleted');
  const { query, total, like, search, setPage, onLike, pager } = useAdminProjectList({
    state,
    sort: state === 'deleted' ? 'deleted' : 'newest',
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.projects() });

  const recover = useMutation({
    mutationFn: (project: AdminProject) => recoverProject(project.id),
    onSuccess: (reply) => {
      notifySuccess(reply.message);
      void refresh();
    },
    onError: (error) => notifyError(`Error: ${errorMessage(error)}`),
  });
  const remove = useMutation({
    mutationFn: (project: AdminProject) => deleteProjectForever(project.id),
    onSuccess: (reply) => {
      notifySuccess(reply.message);
      void refresh();
    },
    onError: (error) => notifyError(`Error deleting project: ${errorMessage(error)}`),
  });

  const confirmDelete = (project: AdminProject) =>
    modals.openConfirmModal({
      title: 'Delete this project for good?',
      children: (
        <Text size="sm">
          {`“${project.title}” of ${project.account_name} goes with ${project.recipients_count === 1 ? 'its recipient and their certificate file' : `its ${plural(project.recipients_count, 'recipient')} and their certificate files`}. Their certificate links stop working. This cannot be undone.`}
        </Text>
      ),
      labels: { confirm: 'Delete for good', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(project),
    });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Projects log"
        description="Every account’s projects. A deleted project can be recovered to its account’s store, or deleted for good with its recipients."
      />
      <Group mb="md" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Which projects"
          value={state}
          data={STATES}
          onChange={(value) => {
            setState(value as AdminProjectState);
            setPage(1);
          }}
        />
        <TextInput
          style={{ flex: '1 1 240px' }}
          maw={420}
          leftSection={<IconSearch size={16} />}
          placeholder="Search by project, memo or account"
          aria-label="Search projects"
          value={like}
          onChange={(event) => onLike(event.currentTarget.value)}
        />
      </Group>
      {query.isError && <LoadFailed title="The projects could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {query.data && total === 0 && (
        <EmptyPanel
          icon={<IconFolders size={26} stroke={1.6} />}
          title={search ? 'No project matches' : state === 'deleted' ? 'No deleted projects' : 'No projects yet'}
          description={
            search ? 'Try another title, memo or account name.' : 'Projects an account deletes are listed here until they are recovered.'
          }
        />
      )}
      {query.data && total > 0 && (
        <PagedTable
          minWidth={760}
          verticalSpacing="sm"
          horizontalSpacing="lg"
          aria-label="Projects log"
          pager={{ label: 'Project pages', total, ...pager }}
        >
          <Table.Thead bg="stone.0">
            <Table.Tr>
              <Table.Th>Project</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th w={110}>Recipients</Table.Th>
              <Table.Th w={190}>Deleted</Table.Th>
              <Table.Th w={250}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {query.data.projects.map((project) => (
              <Table.Tr key={project.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {project.title}
                  </Text>
                  <Text size="xs" c="stone.6">
                    {`Created ${formatDateTime(project.created_at)}`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{project.account_name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{project.recipients_count.toLocaleString('en-US')}</Text>
                </Table.Td>
                <Table.Td>
                  {project.deleted_at ? (
                    <Text size="sm" c="stone.6">
                      {formatDateTime(project.deleted_at)}
                    </Text>
                  ) : (
                    <Badge variant="light" color="laurel">
                      Live
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {project.deleted_at && (
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconRestore size={14} />}
                        aria-label={`Recover ${project.title}`}
                        loading={recover.isPending && recover.variables?.id === project.id}
                        onClick={() => recover.mutate(project)}
                      >
                        Recover
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        aria-label={`Delete ${project.title} for good`}
                        onClick={() => confirmDelete(project)}
                      >
                        Delete for good
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </PagedTable>
      )}
    </>
  );
}
