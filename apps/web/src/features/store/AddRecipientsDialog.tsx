import { FIELD_KEYS } from '@laurel/certificate';
import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  Pagination,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { ErrorMessages } from '../../shared/components/ErrorMessages.tsx';
import { plural } from '../../shared/lib/format.ts';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { addRecipients, PROJECTS_KEY } from '../projects/index.ts';
import { type Errors, emptyRow, MAX_ROWS, NAME_FIELDS, type Row, validate, withImported, withoutRow } from './add-recipient-rows.ts';
import { projectDataFields } from './api/store.ts';
import { ImportRecipientsFile } from './ImportRecipientsFile.tsx';
import { storeKeys } from './query-keys.ts';

/** Rows shown at once: an imported list can hold thousands. */
const PAGE_SIZE = 10;

const pageOf = (index: number) => Math.floor(index / PAGE_SIZE) + 1;

/**
 * Adds recipients to a saved project (docs/product/store.md#calls `add-recipients`): typed in, or read from a file with
 * the project's columns (`import-project-recipients-list`) and reviewed here. They wait unsent until
 * the issuer sends them.
 */
export function AddRecipientsDialog({ projectId, opened, onClose }: { projectId: number; opened: boolean; onClose(): void }) {
  const queryClient = useQueryClient();
  const fields = useQuery({
    queryKey: storeKeys.projectFields(projectId),
    queryFn: () => projectDataFields(projectId),
    enabled: opened,
    staleTime: Infinity,
  });
  const dataFields = fields.data?.fields ?? [];
  const format = fields.data?.expiration_date_format ?? 'MM/DD/YYYY';
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [page, setPage] = useState(1);
  const [imported, setImported] = useState<{ filename: string; count: number } | null>(null);
  const [tooMany, setTooMany] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: () =>
      addRecipients(
        projectId,
        rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v.trim()]))),
      ),
    onSuccess: (result) => {
      notifySuccess(result.added === 1 ? 'Recipient added' : `${plural(result.added, 'recipient')} added`);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      onClose();
    },
  });
  const resetAdd = add.reset;

  useEffect(() => {
    if (opened && fields.data) {
      setRows([emptyRow(fields.data.fields)]);
      setErrors({});
      setPage(1);
      setImported(null);
      setTooMany(null);
      resetAdd();
    }
  }, [opened, fields.data, resetAdd]);

  const setValue = (index: number, key: string, value: string) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
    setErrors((current) => {
      if (!current[index]?.[key]) return current;
      const { [key]: _cleared, ...rest } = current[index]!;
      return { ...current, [index]: rest };
    });
  };

  const removeRow = (index: number) => {
    setRows(rows.filter((_, i) => i !== index));
    setErrors((current) => withoutRow(current, index));
    setPage((current) => Math.min(current, pageOf(rows.length - 2)));
  };

  const addRow = () => {
    setRows([...rows, emptyRow(dataFields)]);
    setPage(pageOf(rows.length));
  };

  const onImported = (incoming: Row[], file: File) => {
    const merged = withImported(rows, incoming, dataFields, file.name);
    if ('problem' in merged) return setTooMany(merged.problem);
    setTooMany(null);
    setRows(merged.rows);
    setErrors({});
    setPage(pageOf(merged.firstNew));
    setImported({ filename: file.name, count: incoming.length });
    add.reset();
  };

  const submit = () => {
    const found = validate(rows, dataFields, format);
    setErrors(found);
    const first = Object.keys(found)
      .map(Number)
      .sort((a, b) => a - b)[0];
    if (first === undefined) return add.mutate();
    setPage(pageOf(first));
  };

  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const rowsWithProblems = Object.values(errors).filter((e) => Object.values(e).some(Boolean)).length;

  return (
    <Modal opened={opened} onClose={onClose} title="Add recipients" size="xl">
      {fields.isPending && <Skeleton h={120} />}
      {fields.isError && (
        <Alert color="red" icon={<IconInfoCircle size={18} />} title="This project’s fields could not be loaded">
          {errorMessage(fields.error)}
        </Alert>
      )}
      {fields.data && (
        <Stack gap="md">
          <Text size="sm" c="stone.7">
            New recipients are added unsent. Send them from the project when you are ready; each uses one credit.
          </Text>
          <ImportRecipientsFile projectId={projectId} columns={fields.data.import_columns} onRows={onImported} />
          {tooMany && (
            <Alert color="red" icon={<IconInfoCircle size={18} />} title="Too many recipients for one addition">
              {tooMany}
            </Alert>
          )}
          {imported && (
            <Alert
              color="laurel"
              icon={<IconCircleCheck size={18} />}
              title={`${plural(imported.count, 'recipient')} read from ${imported.filename}`}
            >
              Check them below and correct anything that needs it, then add them to the project.
            </Alert>
          )}
          <Divider label={`${plural(rows.length, 'recipient')} to add`} labelPosition="left" />
          <ScrollArea.Autosize mah="45vh" offsetScrollbars>
            <Stack gap="sm">
              {shown.map((row, offset) => {
                const index = (page - 1) * PAGE_SIZE + offset;
                return (
                  <Stack key={index} gap={6}>
                    {offset > 0 && <Divider />}
                    <Group justify="space-between">
                      <Text
                        size="xs"
                        fw={600}
                        c={errors[index] && Object.values(errors[index]!).some(Boolean) ? 'red.7' : 'stone.6'}
                        tt="uppercase"
                      >
                        Recipient {(index + 1).toLocaleString('en-US')}
                      </Text>
                      {rows.length > 1 && (
                        <Tooltip label="Remove">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="sm"
                            aria-label={`Remove recipient ${index + 1}`}
                            onClick={() => removeRow(index)}
                          >
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
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              size="sm"
              siblings={1}
              boundaries={1}
              mx="auto"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          )}
          {rowsWithProblems > 0 && (
            <Alert
              color="red"
              icon={<IconInfoCircle size={18} />}
              title={
                rowsWithProblems === 1
                  ? '1 recipient needs a correction'
                  : `${rowsWithProblems.toLocaleString('en-US')} recipients need a correction`
              }
            >
              The fields to correct are marked in red{pages > 1 ? '; the first is shown' : ''}.
            </Alert>
          )}
          {add.isError && (
            <Alert color="red" icon={<IconInfoCircle size={18} />} title="Error while adding recipient">
              <ErrorMessages error={add.error} />
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={addRow} disabled={rows.length >= MAX_ROWS}>
              Add another recipient
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={submit} loading={add.isPending} disabled={rows.length === 0}>
                {rows.length === 1 ? 'Add recipient' : `Add ${plural(rows.length, 'recipient')}`}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
