import { ActionIcon, Alert, Button, Divider, Group, Modal, ScrollArea, SimpleGrid, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { expirationDateMessage, FIELD_KEYS, parseDateInFormat, type ExpirationDateFormat } from '@laurel/certificate';
import { isValidEmail, MESSAGES } from '@laurel/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../api/errors.ts';
import { PROJECTS_KEY } from '../api/projects.ts';
import { addRecipients, projectDataFields, type DataField } from '../api/store.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

type Row = Record<string, string>;
type Errors = Record<number, Record<string, string>>;

const NAME_FIELDS = [
  { key: FIELD_KEYS.first, label: 'First name' },
  { key: FIELD_KEYS.last, label: 'Last name' },
  { key: FIELD_KEYS.email, label: 'Email' },
];

const emptyRow = (fields: DataField[]): Row => Object.fromEntries([...NAME_FIELDS, ...fields].map((f) => [f.key, '']));

/** The checks of spec 3 §5 for added recipients: every field filled, a valid address, a date in the certificate's format. */
function validate(rows: Row[], fields: DataField[], format: string): Errors {
  const errors: Errors = {};
  rows.forEach((row, index) => {
    const rowErrors: Record<string, string> = {};
    for (const field of [...NAME_FIELDS, ...fields]) if (!row[field.key]?.trim()) rowErrors[field.key] = 'Required';
    const email = row[FIELD_KEYS.email]?.trim() ?? '';
    if (email && !isValidEmail(email)) rowErrors[FIELD_KEYS.email] = MESSAGES.invalidEmail;
    const date = row[FIELD_KEYS.expiration]?.trim();
    if (date && !parseDateInFormat(date, format as ExpirationDateFormat)) rowErrors[FIELD_KEYS.expiration] = expirationDateMessage(format);
    if (Object.keys(rowErrors).length) errors[index] = rowErrors;
  });
  return errors;
}

/**
 * Adds recipients to a saved project (spec 3 §7 `add-recipients`): the same fields its certificate
 * asks for. They wait unsent until the issuer sends them.
 */
export function AddRecipientsDialog({ projectId, opened, onClose }: { projectId: number; opened: boolean; onClose(): void }) {
  const queryClient = useQueryClient();
  const fields = useQuery({ queryKey: ['store', 'project-fields', projectId], queryFn: () => projectDataFields(projectId), enabled: opened, staleTime: Infinity });
  const dataFields = fields.data?.fields ?? [];
  const format = fields.data?.expiration_date_format ?? 'MM/DD/YYYY';
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (opened && fields.data) {
      setRows([emptyRow(fields.data.fields)]);
      setErrors({});
    }
  }, [opened, fields.data]);

  const add = useMutation({
    mutationFn: () => addRecipients(projectId, rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v.trim()])))),
    onSuccess: (result) => {
      notifySuccess(result.added === 1 ? 'Recipient added' : `${result.added} recipients added`);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      onClose();
    },
    onError: (error) => notifyError(errorMessage(error), 'Error while adding recipient'),
  });

  const setValue = (index: number, key: string, value: string) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
    setErrors((current) => {
      if (!current[index]?.[key]) return current;
      const { [key]: _cleared, ...rest } = current[index]!;
      return { ...current, [index]: rest };
    });
  };

  const submit = () => {
    const found = validate(rows, dataFields, format);
    setErrors(found);
    if (Object.keys(found).length === 0) add.mutate();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add recipients" size="xl">
      {fields.isPending && <Skeleton h={120} />}
      {fields.isError && <Alert color="red">{errorMessage(fields.error)}</Alert>}
      {fields.data && (
        <Stack gap="md">
          <Text size="sm" c="stone.7">
            New recipients are added unsent. Send them from the project when you are ready; each uses one credit.
          </Text>
          <ScrollArea.Autosize mah="55vh" offsetScrollbars>
            <Stack gap="sm">
              {rows.map((row, index) => (
                <Stack key={index} gap={6}>
                  {index > 0 && <Divider />}
                  <Group justify="space-between">
                    <Text size="xs" fw={600} c="stone.6" tt="uppercase">
                      Recipient {index + 1}
                    </Text>
                    {rows.length > 1 && (
                      <Tooltip label="Remove">
                        <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove recipient ${index + 1}`} onClick={() => setRows(rows.filter((_, i) => i !== index))}>
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
                    {[...NAME_FIELDS, ...dataFields].map((field) => (
                      <TextInput
                        key={field.key}
                        size="sm"
                        label={field.label}
                        placeholder={field.key === FIELD_KEYS.expiration ? format : undefined}
                        value={row[field.key] ?? ''}
                        error={errors[index]?.[field.key]}
                        onChange={(event) => setValue(index, field.key, event.currentTarget.value)}
                      />
                    ))}
                  </SimpleGrid>
                </Stack>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Group justify="space-between">
            <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => setRows([...rows, emptyRow(dataFields)])} disabled={rows.length >= 50}>
              Add another recipient
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={submit} loading={add.isPending}>
                {rows.length === 1 ? 'Add recipient' : `Add ${rows.length} recipients`}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
