import type { Mapping } from '@laurel/domain';
import { Anchor, Button, Card, Center, Loader, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAffiliate, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { formatDate } from '../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { deleteMapping, listGlobalMappings } from './api.ts';
import { adminKeys } from './query-keys.ts';

const describeRules = (mapping: Mapping) => mapping.rules.map((r) => r.title).join(', ');

/** /admin/build/mappings: the global mappings every account's send wizard offers. */
export function AdminMappingsPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: adminKeys.mappings(), queryFn: listGlobalMappings });
  const remove = useMutation({
    mutationFn: (mapping: Mapping) => deleteMapping(mapping.id),
    onSuccess: (reply) => {
      notifySuccess(reply.message);
      void queryClient.invalidateQueries({ queryKey: adminKeys.mappings() });
    },
    onError: (error) => notifyError(`Unable to delete mapping: ${errorMessage(error)}`),
  });
  const confirmDelete = (mapping: Mapping) =>
    modals.openConfirmModal({
      title: 'Delete this mapping?',
      children: <Text size="sm">{`“${mapping.name}” will no longer be offered in the send wizard.`}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(mapping),
    });
  const mappings = list.data?.mappings ?? [];

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Data mappings"
        description="Global mappings match a list's column titles to certificate fields in every account's send wizard."
        actions={
          <Button component={Link} to="/admin/build/mappings/create" leftSection={<IconPlus size={16} />}>
            New mapping
          </Button>
        }
      />
      {list.isError && <LoadFailed title="The mappings could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {list.isSuccess && mappings.length === 0 && (
        <EmptyPanel
          icon={<IconAffiliate size={26} stroke={1.6} />}
          title="No global mappings yet"
          description="Create one for a list layout many accounts import, such as a course roster."
          action={{ label: 'New mapping', to: '/admin/build/mappings/create' }}
        />
      )}
      {mappings.length > 0 && (
        <Card padding={0} shadow="xs">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" horizontalSpacing="lg" aria-label="Global mappings">
              <Table.Thead bg="stone.0">
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Columns</Table.Th>
                  <Table.Th w={130}>Created</Table.Th>
                  <Table.Th w={60} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mappings.map((mapping) => (
                  <Table.Tr key={mapping.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/build/mappings/${mapping.id}`} size="sm" fw={600}>
                        {mapping.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="stone.7" lineClamp={2}>
                        {`${mapping.rules.length} · ${describeRules(mapping)}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="stone.6">
                        {formatDate(mapping.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        aria-label={`Delete ${mapping.name}`}
                        onClick={() => confirmDelete(mapping)}
                      >
                        <IconTrash size={15} />
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </>
  );
}
