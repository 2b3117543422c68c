import { Button, Center, Loader } from '@mantine/core';
import { IconAffiliate } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { listGlobalMappings, updateMapping } from './api.ts';
import { MappingForm } from './MappingForm.tsx';
import { adminKeys } from './query-keys.ts';

/** /admin/build/mappings/{id}: a global mapping's name and columns, edited. */
export function AdminMappingPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  // `GET mappings/{id}` names an account's mappings (docs/product/super-admin.md#calls), so the global list is read and the mapping found in it.
  const list = useQuery({ queryKey: adminKeys.mappings(), queryFn: listGlobalMappings });
  const mapping = list.data?.mappings.find((m) => m.id === id);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof updateMapping>[1]) => updateMapping(id, body),
    onSuccess: (reply) => {
      notifySuccess(reply.message);
      void queryClient.invalidateQueries({ queryKey: adminKeys.mappings() });
    },
    onError: (error) => notifyError(`Unable to save mapping: ${errorMessage(error)}`),
  });
  const all = (
    <Button component={Link} to="/admin/build/mappings" variant="default">
      All mappings
    </Button>
  );
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title={mapping?.name ?? 'Mapping'}
        description="The columns this mapping expects and the certificate fields they fill."
        actions={all}
      />
      {list.isError && <LoadFailed title="The mapping could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && (
        <Center py={80}>
          <Loader />
        </Center>
      )}
      {list.isSuccess && !mapping && (
        <EmptyPanel
          icon={<IconAffiliate size={26} stroke={1.6} />}
          title="This mapping no longer exists"
          description="It may have been deleted. The list shows the global mappings there are."
          action={{ label: 'All mappings', to: '/admin/build/mappings' }}
        />
      )}
      {mapping && (
        <MappingForm
          key={mapping.id}
          initial={mapping}
          busy={save.isPending}
          submitLabel="Save changes"
          onSubmit={(body) => save.mutate(body)}
        />
      )}
    </>
  );
}
