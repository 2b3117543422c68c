import { FIELD_KEYS, type RecipientField } from '@laurel/certificate';
import { canChangeMapping, type Mapping, reportedFeature, upgradeMessage } from '@laurel/domain';
import { ActionIcon, Alert, Button, Grid, Group, Paper, Select, Stack, Table, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconArrowRight, IconCheck, IconDeviceFloppy, IconTrash, IconWand, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/errors.ts';
import { openUpgradeDialog } from '../../../shared/components/plan-dialogs.tsx';
import { plural } from '../../../shared/lib/format.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { useSignedInUser } from '../../../shared/session/queries.ts';
import { deleteMapping, listAccountMappings, listGlobalMappings } from '../api/mappings.ts';
import type { SendCertificate } from '../api/send.ts';
import { fieldLabel } from '../fields.ts';
import { sendKeys } from '../query-keys.ts';
import { type ImportTable, mappingError, type RecipientRow, toRecipients } from '../rows.ts';
import { type SaveDialogView, SaveMappingDialog } from './SaveMappingDialog.tsx';
import { applyMapping, rulesOf } from './saved-mappings.ts';

const NONE = 'none';

interface MappingStepProps {
  certificate: SendCertificate;
  table: ImportTable;
  mapping: (string | null)[];
  autoMatched: number;
  appliedMapping: Mapping | null;
  /** The preview's rows were read with these very columns: continuing keeps them and their edits. */
  rowsKept: boolean;
  onMapping: (mapping: (string | null)[], applied: Mapping | null) => void;
  onBack: () => void;
  /** The rows read with the columns, or null to go on with the rows already read. */
  onContinue: (rows: RecipientRow[] | null) => void;
}

/**
 * Step 3: which certificate field each imported column fills ('None' first in every list). Rows
 * with a bad cell do not stop the list here: the preview shows each one to fix or leave out.
 */
export function MappingStep({
  certificate,
  table,
  mapping,
  autoMatched,
  appliedMapping,
  rowsKept,
  onMapping,
  onBack,
  onContinue,
}: MappingStepProps) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accountId = user.account?.id ?? 0;
  const premium = user.account ? reportedFeature(user.account, 'mapping_save') : false;
  const [problem, setProblem] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ view: SaveDialogView | null; initial: SaveDialogView }>({ view: null, initial: 'ask' });
  const [pendingRows, setPendingRows] = useState<RecipientRow[] | null>(null);

  const global = useQuery({ queryKey: sendKeys.mappings('global'), queryFn: listGlobalMappings });
  const own = useQuery({ queryKey: sendKeys.mappings(accountId), queryFn: () => listAccountMappings(accountId), enabled: accountId > 0 });
  const saved = [...(own.data?.mappings ?? []), ...(global.data?.mappings ?? [])];
  const remove = useMutation({
    mutationFn: deleteMapping,
    onSuccess: () => {
      notifySuccess('Record deleted');
      onMapping(mapping, null);
      void queryClient.invalidateQueries({ queryKey: sendKeys.mappings() });
    },
    onError: (error) => notifyError(`Unable to delete mapping: ${errorMessage(error)}`),
  });

  const fields = certificate.fields;
  const setColumn = (column: number, key: string | null) => {
    setProblem(null);
    // A field fills from one column: choosing it here takes it away from the column that had it.
    onMapping(
      mapping.map((current, i) => (i === column ? key : current === key ? null : current)),
      appliedMapping,
    );
  };

  const pick = (id: string | null) => {
    setProblem(null);
    const chosen = saved.find((m) => String(m.id) === id);
    if (!chosen) return onMapping(mapping, null);
    const { mapping: next, matched } = applyMapping(chosen, table.headers, fields);
    if (!matched) return notifyError(`None of the columns of “${chosen.name}” are in this list.`);
    onMapping(next, chosen);
  };

  const next = () => {
    const incomplete = mappingError(fields, mapping);
    if (incomplete) return setProblem(incomplete);
    if (rowsKept) return onContinue(null);
    const rows = toRecipients(table, mapping, certificate.expiration_date_format);
    // docs/product/billing-and-credits.md#rules-and-limits: the offer to save is for premium accounts not already using a saved mapping.
    if (premium && !appliedMapping) {
      setPendingRows(rows);
      return setDialog({ view: 'ask', initial: 'ask' });
    }
    onContinue(rows);
  };

  const startSave = () => {
    if (!premium) return openUpgradeDialog(navigate, upgradeMessage('mapping_save'));
    setPendingRows(null);
    setDialog({ view: 'save', initial: 'save' });
  };

  const confirmDelete = (m: Mapping) =>
    modals.openConfirmModal({
      title: 'Delete this mapping?',
      children: <Text size="sm">“{m.name}” will no longer be offered. Lists you already imported stay as they are.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(m.id),
    });

  // The server's rule: a sub-user deletes only the mappings they saved, a global one only a super-admin.
  const canDelete = appliedMapping && canChangeMapping(user, appliedMapping);
  const source = table.kind === 'clipboard' ? 'the pasted rows' : (table.filename ?? 'your file');

  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Title order={2} fz="lg" mb={4}>
              Match your columns
            </Title>
            <Text size="sm" c="stone.7" mb="md">
              {plural(table.rows.length, 'recipient')} found in {source}. Choose the certificate field each column fills.
            </Text>
            {autoMatched > 0 && !appliedMapping && (
              <Alert color="laurel" variant="light" icon={<IconWand size={18} />} mb="md">
                We matched {autoMatched} of {table.headers.length} columns by their names. Check them before you continue.
              </Alert>
            )}
            <Table verticalSpacing="sm" aria-label="Column mapping">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Column in your list</Table.Th>
                  <Table.Th w="45%">Certificate field</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.headers.map((header, column) => {
                  const samples = table.rows
                    .map((r) => r[column] ?? '')
                    .filter(Boolean)
                    .slice(0, 2);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the column's position in the list is its identity: headers may repeat
                    <Table.Tr key={column}>
                      <Table.Td style={{ maxWidth: 0 }}>
                        <Text fw={600} size="sm" truncate title={header}>
                          {header}
                        </Text>
                        <Text size="xs" c="dimmed" truncate title={samples.join(', ')}>
                          {samples.length ? samples.join(', ') : 'No values'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={`Certificate field for ${header}`}
                          size="sm"
                          allowDeselect={false}
                          value={mapping[column] ?? NONE}
                          onChange={(value) => setColumn(column, !value || value === NONE ? null : value)}
                          data={[{ value: NONE, label: 'None' }, ...fields.map((f) => ({ value: f.key, label: fieldLabel(f) }))]}
                          comboboxProps={{ withinPortal: true }}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="md">
              <Text fw={650} mb="xs">
                The certificate needs
              </Text>
              <FieldChecklist fields={fields} mapping={mapping} headers={table.headers} />
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Text fw={650} mb={4}>
                Saved mappings
              </Text>
              <Text size="xs" c="dimmed" mb="sm">
                Reuse the column choices of a list you imported before.
              </Text>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <Select
                  aria-label="Saved mapping"
                  style={{ flex: 1 }}
                  value={appliedMapping ? String(appliedMapping.id) : NONE}
                  onChange={(value) => pick(value === NONE ? null : value)}
                  allowDeselect={false}
                  data={[
                    { value: NONE, label: 'None' },
                    ...(own.data?.mappings.length
                      ? [{ group: 'Your mappings', items: own.data.mappings.map((m) => ({ value: String(m.id), label: m.name })) }]
                      : []),
                    ...(global.data?.mappings.length
                      ? [{ group: 'Shared by Laurel', items: global.data.mappings.map((m) => ({ value: String(m.id), label: m.name })) }]
                      : []),
                  ]}
                  nothingFoundMessage="No saved mappings yet"
                />
                {canDelete && (
                  <Tooltip label="Delete this saved mapping">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label="Delete saved mapping"
                      onClick={() => confirmDelete(appliedMapping)}
                      loading={remove.isPending}
                    >
                      <IconTrash size={17} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
              <Button mt="sm" variant="light" fullWidth leftSection={<IconDeviceFloppy size={16} />} onClick={startSave}>
                Save this mapping
              </Button>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      {problem && (
        <Alert color="red" mt="lg" role="alert" title="Check the columns">
          {problem}
        </Alert>
      )}
      <Group justify="space-between" mt="lg">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Back
        </Button>
        <Button rightSection={<IconArrowRight size={16} />} onClick={next}>
          Continue to preview
        </Button>
      </Group>
      <SaveMappingDialog
        view={dialog.view}
        initialView={dialog.initial}
        suggestedName={table.filename ? table.filename.replace(/\.[^.]+$/, '') : `${certificate.name} columns`}
        rules={rulesOf(table.headers, mapping)}
        onView={(view) => setDialog((d) => ({ ...d, view }))}
        onSkip={() => {
          setDialog((d) => ({ ...d, view: null }));
          if (pendingRows) onContinue(pendingRows);
        }}
        onSaved={(m) => {
          setDialog((d) => ({ ...d, view: null }));
          onMapping(mapping, m);
          if (pendingRows) onContinue(pendingRows);
        }}
      />
    </>
  );
}

/** Each field's state at a glance: which column fills it, or that it still needs one. */
function FieldChecklist({ fields, mapping, headers }: { fields: RecipientField[]; mapping: (string | null)[]; headers: string[] }) {
  const columnOf = (key: string) => {
    const i = mapping.indexOf(key);
    return i >= 0 ? headers[i] : undefined;
  };
  const combined = columnOf(FIELD_KEYS.full);
  return (
    <Stack gap={8}>
      {fields.map((f) => {
        const column = columnOf(f.key);
        const coveredByCombined = !column && combined && (f.kind === 'first_name' || f.kind === 'last_name');
        const ok = !!column || !!coveredByCombined;
        if (f.optional && !column) return null;
        return (
          <Group key={f.key} gap="xs" wrap="nowrap" align="flex-start">
            <ThemeIcon size={20} radius="xl" color={ok ? 'laurel' : 'red'} variant={ok ? 'filled' : 'light'}>
              {ok ? <IconCheck size={13} /> : <IconX size={13} />}
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {fieldLabel(f)}
              </Text>
              <Text size="xs" c={ok ? 'dimmed' : 'red.7'} truncate>
                {column ? `from “${column}”` : coveredByCombined ? `from “${combined}”` : 'Choose a column'}
              </Text>
            </div>
          </Group>
        );
      })}
    </Stack>
  );
}
