import { ActionIcon, Alert, Button, Group, ScrollArea, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { RecipientValues, SendCertificate } from '../api/send.ts';
import { entryFields, fieldLabel } from '../fields.ts';
import { newRow, type RecipientRow, valueProblems } from '../rows.ts';

const ALL_FIELDS = 'All fields must have data';
const emptyRow = (): RecipientValues => ({});

/**
 * Type a few recipients in a small grid with the certificate's own fields (docs/product/send-wizard.md#rules-and-limits: manual entry).
 * The grid is the wizard's (`rows`), so going back to it finds what was typed.
 */
export function ManualEntry({
  certificate,
  rows: kept,
  onRows,
  onDone,
}: {
  certificate: SendCertificate;
  rows: RecipientValues[];
  onRows: (rows: RecipientValues[]) => void;
  onDone: (rows: RecipientRow[]) => void;
}) {
  const fields = entryFields(certificate.fields);
  const format = certificate.expiration_date_format;
  const rows = kept.length ? kept : [emptyRow()];
  const setRows = (change: (current: RecipientValues[]) => RecipientValues[]) => onRows(change(rows));
  const [problems, setProblems] = useState<Record<string, string>[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  const update = (index: number, key: string, value: string) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
    setProblems((current) => current.map((p, i) => (i === index ? { ...p, [key]: '' } : p)));
  };

  const submit = () => {
    const found = rows.map((row) => valueProblems(row, fields, format, ALL_FIELDS));
    const all = found.flatMap((p) => Object.values(p));
    setProblems(found);
    if (all.length) return setMessage(all.includes(ALL_FIELDS) ? ALL_FIELDS : all[0]!);
    setMessage(null);
    onDone(rows.map((values, index) => newRow(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])), index + 1)));
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="stone.7">
        Good for a handful of people. Every field is needed for each recipient{format ? `; write dates as ${format}` : ''}.
      </Text>
      <ScrollArea type="auto" offsetScrollbars="present">
        <Table miw={Math.max(560, fields.length * 170 + 60)} verticalSpacing={6} aria-label="Recipients to enter">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>#</Table.Th>
              {fields.map((f) => (
                <Table.Th key={f.key}>{fieldLabel(f)}</Table.Th>
              ))}
              <Table.Th w={44} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own and their inputs are controlled, so removing one re-renders the rest from their values
              <Table.Tr key={index}>
                <Table.Td c="dimmed" fz="sm">
                  {index + 1}
                </Table.Td>
                {fields.map((f) => (
                  <Table.Td key={f.key}>
                    <TextInput
                      size="sm"
                      aria-label={`${fieldLabel(f)}, row ${index + 1}`}
                      placeholder={f.kind === 'expiration_date' ? (format ?? '') : f.kind === 'email' ? 'name@example.com' : ''}
                      type={f.kind === 'email' ? 'email' : 'text'}
                      value={row[f.key] ?? ''}
                      error={problems[index]?.[f.key] || undefined}
                      onChange={(event) => update(index, f.key, event.currentTarget.value)}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <Tooltip label="Remove this row">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove row ${index + 1}`}
                      disabled={rows.length === 1}
                      onClick={() => {
                        setRows((current) => current.filter((_, i) => i !== index));
                        setProblems((current) => current.filter((_, i) => i !== index));
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {message && (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setRows((current) => [...current, emptyRow()])}>
          Add row
        </Button>
        <Button rightSection={<IconArrowRight size={16} />} onClick={submit}>
          Continue to preview
        </Button>
      </Group>
    </Stack>
  );
}
