import { FIELD_KEYS } from '@laurel/certificate';
import type { RowProblem } from '@laurel/domain';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconCheck, IconCircleMinus } from '@tabler/icons-react';
import type { SendCertificate } from '../api/send.ts';
import { fieldLabel } from '../fields.ts';
import type { RecipientRow } from '../rows.ts';

export const rowName = (row: RecipientRow) => `${row.values[FIELD_KEYS.first] ?? ''} ${row.values[FIELD_KEYS.last] ?? ''}`.trim();

/** The cells a problem is corrected in: both name parts for a missing name, none for a repeated row. */
export function cellsOf(problems: RowProblem[]): string[] {
  return problems.flatMap((p) => (p.kind === 'missing_name' ? [FIELD_KEYS.first, FIELD_KEYS.last] : p.field ? [p.field] : []));
}

interface ProblemRowsProps {
  certificate: SendCertificate;
  /** Rows to look at, each with the cells shown for it (kept once fixed, so the input does not vanish while typing). */
  rows: { row: RecipientRow; problems: RowProblem[]; cells: string[] }[];
  onCell: (uid: number, key: string, value: string) => void;
  onLeaveOut: (uid: number) => void;
}

/**
 * Every row the server would refuse (or that repeats an earlier one), with its reason. A bad cell is
 * corrected in place and the row counts at once; a row still wrong when the project is saved is left
 * out, as is one the issuer leaves out here.
 */
export function ProblemRows({ certificate, rows, onCell, onLeaveOut }: ProblemRowsProps) {
  const open = rows.filter((r) => r.problems.length).length;
  const fieldOf = (key: string) => certificate.fields.find((f) => f.key === key);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      style={{ borderColor: `var(--mantine-color-${open ? 'orange-4' : 'laurel-3'})` }}
    >
      <Group gap="xs" wrap="nowrap" mb={4}>
        <ThemeIcon color={open ? 'orange' : 'laurel'} variant="light" radius="xl">
          {open ? <IconAlertTriangle size={16} /> : <IconCheck size={16} />}
        </ThemeIcon>
        <Title order={3} fz="md" id="problem-rows-title">
          {open ? `${open} ${open === 1 ? 'row needs' : 'rows need'} your attention` : 'Every row is ready'}
        </Title>
      </Group>
      <Text size="sm" c="stone.7" mb="md">
        {open
          ? 'Correct a cell here and the row joins the others at once, or leave the row out. Rows still wrong when you save are left out.'
          : 'The rows you corrected are saved with the others.'}
      </Text>
      <Stack gap="sm" role="list" aria-labelledby="problem-rows-title">
        {rows.map(({ row, problems, cells }) => {
          const name = rowName(row);
          const fixed = problems.length === 0;
          const unplaced = problems.filter((p) => !p.field || !cells.includes(p.field));
          return (
            <Paper
              key={row.uid}
              withBorder
              radius="md"
              p="sm"
              role="listitem"
              aria-label={`Row ${row.line}`}
              bg={fixed ? 'laurel.0' : undefined}
            >
              <Group justify="space-between" gap="xs" mb={cells.length || unplaced.length ? 6 : 0}>
                <Group gap={8} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    Row {row.line}
                    {name ? ` · ${name}` : ''}
                  </Text>
                  {fixed ? (
                    <Badge size="sm" color="laurel" variant="light" leftSection={<IconCheck size={12} />}>
                      Fixed
                    </Badge>
                  ) : (
                    <Badge size="sm" color="orange" variant="light">
                      Left out unless fixed
                    </Badge>
                  )}
                </Group>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconCircleMinus size={14} />}
                  aria-label={`Leave out row ${row.line}`}
                  onClick={() => onLeaveOut(row.uid)}
                >
                  Leave out
                </Button>
              </Group>
              {unplaced.map((p) => (
                <Text key={p.message} size="sm" c="red.8">
                  {p.message}
                </Text>
              ))}
              {cells.length > 0 && (
                <SimpleGrid cols={{ base: 1, sm: Math.min(3, cells.length) }} spacing="sm">
                  {cells.map((key) => {
                    const field = fieldOf(key);
                    const label = field ? fieldLabel(field) : key;
                    const problem = problems.find((p) => p.field === key);
                    return (
                      <TextInput
                        key={key}
                        size="sm"
                        label={label}
                        aria-label={`${label}, row ${row.line}`}
                        type={key === FIELD_KEYS.email ? 'email' : 'text'}
                        placeholder={field?.kind === 'expiration_date' ? (certificate.expiration_date_format ?? '') : undefined}
                        value={row.values[key] ?? ''}
                        error={problem?.message}
                        onChange={(event) => onCell(row.uid, key, event.currentTarget.value)}
                      />
                    );
                  })}
                </SimpleGrid>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** The rows left out by choice, each to put back. */
export function LeftOutRows({ rows, onPutBack }: { rows: RecipientRow[]; onPutBack: (uid: number) => void }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="stone.0">
      <Title order={3} fz="md" mb={4} id="left-out-title">
        Left out ({rows.length})
      </Title>
      <Text size="sm" c="stone.7" mb="sm">
        These rows are not saved with the project. Put one back to check it again.
      </Text>
      <Stack gap={6} role="list" aria-labelledby="left-out-title">
        {rows.map((row) => (
          <Group key={row.uid} justify="space-between" gap="xs" wrap="nowrap" role="listitem" aria-label={`Left out row ${row.line}`}>
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <Text span c="dimmed">
                Row {row.line}:{' '}
              </Text>
              {rowName(row) || '(no name)'}
              {row.values[FIELD_KEYS.email] ? ` · ${row.values[FIELD_KEYS.email]}` : ''}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconArrowBackUp size={14} />}
              aria-label={`Put back row ${row.line}`}
              onClick={() => onPutBack(row.uid)}
            >
              Put back
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
