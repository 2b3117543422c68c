import { type ExpirationDateFormat, formatExpirationDate } from '@laurel/certificate';
import type { Recipient } from '@laurel/domain';
import { Alert, Button, Group, Modal, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { PROJECTS_KEY } from '../../projects/index.ts';
import { projectDataFields, updateRecipient } from '../api/store.ts';
import { storeKeys } from '../query-keys.ts';

interface Values {
  first_name: string;
  last_name: string;
  meta: Record<string, string>;
}

/** Corrects a recipient's names and data fields (docs/product/store.md#calls `PUT recipients/{id}`). */
export function EditRecipientDialog({ recipient, onClose }: { recipient: Recipient | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const fields = useQuery({
    queryKey: storeKeys.projectFields(recipient?.project_id),
    queryFn: () => projectDataFields(recipient!.project_id),
    enabled: recipient !== null,
    staleTime: Infinity,
  });
  const format = (fields.data?.expiration_date_format ?? 'MM/DD/YYYY') as ExpirationDateFormat;
  const form = useForm<Values>({
    initialValues: { first_name: '', last_name: '', meta: {} },
    validate: {
      first_name: (value, values) => (value.trim() || values.last_name.trim() ? null : 'Required'),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled once per recipient and field list, not again on each render of the form
  useEffect(() => {
    if (!recipient || !fields.data) return;
    const meta: Record<string, string> = {};
    for (const field of fields.data.fields) {
      const value = recipient.meta[field.key] ?? '';
      meta[field.key] = field.kind === 'expiration_date' && value ? formatExpirationDate(value, format) : value;
    }
    form.setValues({ first_name: recipient.first_name, last_name: recipient.last_name, meta });
    form.resetDirty();
  }, [recipient?.id, fields.data]);

  const save = useMutation({
    mutationFn: (values: Values) => updateRecipient(recipient!.id, values),
    onSuccess: (result) => {
      notifySuccess(result.message || 'Record saved');
      void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      onClose();
    },
    onError: (error) => {
      const message = errorMessage(error, 'Error updating recipient');
      if (/expiration date/i.test(message)) form.setFieldError('meta.EXPIRATION_DATE', message);
      notifyError(message, 'Error updating recipient');
    },
  });

  return (
    <Modal opened={recipient !== null} onClose={onClose} title="Edit recipient" size="lg">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" size="sm" data-autofocus {...form.getInputProps('first_name')} />
            <TextInput label="Last name" size="sm" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          {fields.isPending && <Skeleton h={56} />}
          {fields.isError && <Alert color="red">{errorMessage(fields.error)}</Alert>}
          {fields.data && fields.data.fields.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {fields.data.fields.map((field) => (
                <TextInput
                  key={field.key}
                  size="sm"
                  label={field.label}
                  placeholder={field.kind === 'expiration_date' ? format : undefined}
                  description={field.kind === 'expiration_date' ? `Format: ${format}` : undefined}
                  {...form.getInputProps(`meta.${field.key}`)}
                />
              ))}
            </SimpleGrid>
          )}
          {recipient?.sent && (
            <Alert color="gilt" variant="light">
              This certificate has been issued. Your corrections appear on the recipient’s certificate page and PDF right away; resend it if
              they should get a new email.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!fields.data}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
