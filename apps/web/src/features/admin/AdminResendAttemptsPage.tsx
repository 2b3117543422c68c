import type { AdminProject } from '@laurel/domain';
import { MAX_RESEND_LIMIT } from '@laurel/domain';
import { Button, Center, Group, Loader, NumberInput, Table, Text, TextInput } from '@mantine/core';
import { IconRepeat, IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { plural } from '../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { updateResendAttempts } from './api.ts';
import { adminKeys } from './query-keys.ts';
import { useAdminProjectList } from './useAdminProjectList.ts';

/** One project's allowance: the group resends it may make, edited in place. */
function AllowanceCell({ project }: { project: AdminProject }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | string>(project.resend_attempts);
  const save = useMutation({
    mutationFn: () => updateResendAttempts(project.id, Number(value)),
    onSuccess: (reply) => {
      notifySuccess(reply.message);
      void queryClient.invalidateQueries({ queryKey: adminKeys.projects() });
    },
    onError: (error) => notifyError(`Error: ${errorMessage(error)}`),
  });
  const changed = Number(value) !== project.resend_attempts && value !== '';
  return (
    <Group gap="xs" wrap="nowrap">
      <NumberInput
        aria-label={`Resend attempts for ${project.title}`}
        w={90}
        size="xs"
        min={0}
        max={MAX_RESEND_LIMIT}
        allowDecimal={false}
        allowNegative={false}
        value={value}
        onChange={setValue}
      />
      <Button size="xs" variant="light" disabled={!changed} loading={save.isPending} onClick={() => save.mutate()}>
        Save
      </Button>
    </Group>
  );
}

/** /resend-attempts: how many group resends each project may make (docs/product/send-wizard.md#rules-and-limits: 5), raised where one must go out again. */
export function AdminResendAttemptsPage() {
  const [params] = useSearchParams();
  const accountId = Number(params.get('account_id')) || undefined;
  const { query, total, like, search, onLike, pager } = useAdminProjectList({ account_id: accountId, state: 'live' });

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Resend attempts"
        description={
          accountId
            ? `Group resends each project of account #${accountId} has made, and how many it may make.`
            : 'Group resends each project has made, and how many it may make. A project may resend five times unless raised here.'
        }
      />
      <TextInput
        mb="md"
        maw={420}
        leftSection={<IconSearch size={16} />}
        placeholder="Search by project, memo or account"
        aria-label="Search projects"
        value={like}
        onChange={(event) => onLike(event.currentTarget.value)}
      />
      {query.isError && <LoadFailed title="The projects could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {query.data && total === 0 && (
        <EmptyPanel
          icon={<IconRepeat size={26} stroke={1.6} />}
          title={search ? 'No project matches' : 'No projects yet'}
          description={search ? 'Try another title, memo or account name.' : 'Projects appear here once an account saves one.'}
        />
      )}
      {query.data && total > 0 && (
        <PagedTable
          minWidth={640}
          verticalSpacing="sm"
          horizontalSpacing="lg"
          aria-label="Projects and their resend attempts"
          pager={{ label: 'Project pages', total, ...pager }}
        >
          <Table.Thead bg="stone.0">
            <Table.Tr>
              <Table.Th>Project</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th w={140}>Resends made</Table.Th>
              <Table.Th w={200}>Resend attempts</Table.Th>
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
                    {plural(project.recipients_count, 'recipient')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{project.account_name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={project.resends_used >= project.resend_attempts ? 'red' : undefined}>
                    {`${project.resends_used} of ${project.resend_attempts}`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <AllowanceCell key={project.resend_attempts} project={project} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </PagedTable>
      )}
    </>
  );
}
