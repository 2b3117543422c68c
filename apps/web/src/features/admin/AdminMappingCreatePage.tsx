import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/errors.ts';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { createGlobalMapping } from './api.ts';
import { MappingForm } from './MappingForm.tsx';
import { adminKeys } from './query-keys.ts';

/** /admin/build/mappings/create: a new global mapping, offered to every account's send wizard. */
export function AdminMappingCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: createGlobalMapping,
    onSuccess: (reply) => {
      notifySuccess(reply.message);
      void queryClient.invalidateQueries({ queryKey: adminKeys.mappings() });
      void navigate('/admin/build/mappings');
    },
    onError: (error) => notifyError(`Unable to save mapping: ${errorMessage(error)}`),
  });
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="New mapping"
        description="A global mapping matches a list's columns to certificate fields in every account's send wizard."
        actions={
          <Button component={Link} to="/admin/build/mappings" variant="default">
            All mappings
          </Button>
        }
      />
      <MappingForm busy={save.isPending} submitLabel="Save mapping" onSubmit={(body) => save.mutate(body)} />
    </>
  );
}
