import { FIELD_KEYS } from '@laurel/certificate';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconArrowRight, IconCertificate, IconMail, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { plural } from '../../../shared/lib/format.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { USER_KEY, useSignedInUser } from '../../../shared/session/queries.ts';
import type { RecipientValues, SendCertificate } from '../api/send.ts';
import { CreditsShortNotice } from '../credits/CreditsShortNotice.tsx';
import { creditsOf } from '../credits/credits.ts';
import { fieldLabel } from '../fields.ts';
import { newRow, nextLine, problemsOf, type RecipientRow, rowMatches } from '../rows.ts';
import { CertificateModal } from './CertificateModal.tsx';
import { EmailModal } from './EmailModal.tsx';
import { cellsOf, LeftOutRows, ProblemRows } from './ProblemRows.tsx';
import { RecipientDialog } from './RecipientDialog.tsx';

const PAGE_SIZE = 10;

interface PreviewStepProps {
  certificate: SendCertificate;
  rows: RecipientRow[];
  /** Rows the issuer left out, by uid. */
  leftOut: number[];
  onRows: (rows: RecipientRow[]) => void;
  onLeftOut: (uids: number[]) => void;
  onBack: () => void;
  backLabel: string;
  onContinue: () => void;
}

const fullName = (values: RecipientValues) => `${values[FIELD_KEYS.first] ?? ''} ${values[FIELD_KEYS.last] ?? ''}`.trim() || '(no name)';

/**
 * Step 4, "Send Certificates" (docs/product/send-wizard.md#screens): every recipient, 10 a page, to search, add, edit, delete
 * and look at (certificate and email) before saving. Rows the server would refuse are listed apart
 * with their reasons, to correct in place or leave out; only the good rows are saved. Rows beyond
 * the account's credits are marked `certificate_allowed: false`: shown greyed, not editable, and explained.
 */
export function PreviewStep({ certificate, rows, leftOut, onRows, onLeftOut, onBack, backLabel, onContinue }: PreviewStepProps) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const { available, canBuy } = creditsOf(user);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ uid: number | null; values: RecipientValues } | null>(null);
  const [viewing, setViewing] = useState<{ kind: 'certificate' | 'email'; values: RecipientValues } | null>(null);

  // Credits change elsewhere (a purchase, another send): read them fresh for this screen.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: USER_KEY });
  }, [queryClient]);

  const format = certificate.expiration_date_format;
  const leftOutSet = useMemo(() => new Set(leftOut), [leftOut]);
  const problems = useMemo(() => problemsOf(rows, certificate.fields, format, leftOutSet), [rows, certificate.fields, format, leftOutSet]);
  const good = useMemo(() => rows.filter((row) => !leftOutSet.has(row.uid) && !problems.has(row.uid)), [rows, leftOutSet, problems]);
  const leftOutCount = rows.length - good.length;

  // A row once wrong stays in the list to check, with the cells it was wrong in, until it is left out:
  // correcting a cell must not make the input vanish under the cursor.
  const [checked, setChecked] = useState<Record<number, string[]>>({});
  useEffect(() => {
    setChecked((current) => {
      let next = current;
      for (const [uid, found] of problems) {
        const cells = [...new Set([...(current[uid] ?? []), ...cellsOf(found)])];
        if (!(uid in current) || cells.length !== current[uid]!.length) next = { ...next, [uid]: cells };
      }
      return next;
    });
  }, [problems]);
  const attention = rows
    .filter((row) => !leftOutSet.has(row.uid) && (problems.has(row.uid) || row.uid in checked))
    .map((row) => ({ row, problems: problems.get(row.uid) ?? [], cells: checked[row.uid] ?? cellsOf(problems.get(row.uid) ?? []) }));
  const leftOutRows = rows.filter((row) => leftOutSet.has(row.uid));
  const setCell = (uid: number, key: string, value: string) =>
    onRows(rows.map((r) => (r.uid === uid ? { ...r, values: { ...r.values, [key]: value } } : r)));

  const listed = useMemo(
    () => good.map((row, index) => ({ row, certificate_allowed: index < available })).filter(({ row }) => rowMatches(row, search)),
    [good, available, search],
  );
  const pages = Math.max(1, Math.ceil(listed.length / PAGE_SIZE));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const shown = listed.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const extraColumns = certificate.fields.filter((f) => f.kind === 'data' || f.kind === 'expiration_date');
  const beyond = Math.max(0, good.length - available);

  const save = (values: RecipientValues) => {
    if (editing?.uid == null) {
      onRows([...rows, newRow(values, nextLine(rows))]);
      notifySuccess('Recipient added');
      setSearch('');
      setPage(Math.ceil((good.length + 1) / PAGE_SIZE));
    } else {
      onRows(rows.map((r) => (r.uid === editing.uid ? { ...r, values: { ...r.values, ...values } } : r)));
      notifySuccess('Record saved');
    }
    setEditing(null);
  };

  const confirmDelete = (row: RecipientRow) =>
    modals.openConfirmModal({
      title: 'Delete this recipient?',
      children: (
        <Text size="sm">
          {fullName(row.values)} ({row.values[FIELD_KEYS.email]}) will not be part of this project.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        onRows(rows.filter((r) => r.uid !== row.uid));
        notifySuccess('Record deleted');
      },
    });

  const actions = (row: RecipientRow, name: string, allowed: boolean) => (
    <>
      <Tooltip label="View certificate">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`View certificate of ${name}`}
          onClick={() => setViewing({ kind: 'certificate', values: row.values })}
        >
          <IconCertificate size={17} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="View email">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`View email to ${name}`}
          onClick={() => setViewing({ kind: 'email', values: row.values })}
        >
          <IconMail size={17} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={allowed ? 'Edit' : 'Beyond your available credits'}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Edit ${name}`}
          disabled={!allowed}
          onClick={() => setEditing({ uid: row.uid, values: row.values })}
        >
          <IconPencil size={17} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={() => confirmDelete(row)}>
          <IconTrash size={17} />
        </ActionIcon>
      </Tooltip>
    </>
  );
  const emptyMessage = good.length
    ? `No recipient matches “${search}”.`
    : rows.length
      ? 'No row is ready yet. Correct the rows above, or add a recipient.'
      : 'No recipients left. Add one, or go back and import a list.';

  return (
    <Stack gap="lg">
      {attention.length > 0 && (
        <ProblemRows certificate={certificate} rows={attention} onCell={setCell} onLeaveOut={(uid) => onLeftOut([...leftOut, uid])} />
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-end" mb="md" gap="sm">
          <div>
            <Title order={2} fz="lg">
              Send Certificates
            </Title>
            <Text size="sm" c="stone.7">
              {plural(good.length, 'recipient')}
              {leftOutCount > 0 ? ` · ${plural(leftOutCount, 'row')} left out` : ''} · {plural(available, 'credit')} available
            </Text>
          </div>
          <Group gap="sm">
            <TextInput
              aria-label="Search recipients"
              placeholder="Search recipients"
              leftSection={<IconSearch size={16} />}
              size="sm"
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', xs: 240 }}
            />
            <Button size="sm" variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ uid: null, values: {} })}>
              Add recipient
            </Button>
          </Group>
        </Group>

        {beyond > 0 && (
          <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
            <CreditsShortNotice available={available} needed={good.length} canBuy={canBuy}>
              <Text size="sm" mt={4}>
                The last {beyond} {beyond === 1 ? 'row is' : 'rows are'} greyed out: they are saved with the project and can be sent once
                the account has enough credits.
              </Text>
            </CreditsShortNotice>
          </div>
        )}

        <ScrollArea type="auto" offsetScrollbars="present" visibleFrom="sm">
          <Table miw={640} verticalSpacing="xs" highlightOnHover aria-label="Recipients">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>#</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                {extraColumns.map((f) => (
                  <Table.Th key={f.key}>{fieldLabel(f)}</Table.Th>
                ))}
                <Table.Th w={150} ta="right">
                  Actions
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map(({ row, certificate_allowed }) => {
                const name = fullName(row.values);
                return (
                  <Table.Tr
                    key={row.uid}
                    style={certificate_allowed ? undefined : { opacity: 0.5, background: 'var(--mantine-color-stone-0)' }}
                    data-allowed={certificate_allowed}
                  >
                    <Table.Td c="dimmed" fz="sm">
                      {row.line}
                    </Table.Td>
                    <Table.Td fw={500}>
                      {name}
                      {!certificate_allowed && (
                        <Badge ml={8} size="xs" color="orange" variant="light">
                          Needs credit
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td fz="sm">{row.values[FIELD_KEYS.email]}</Table.Td>
                    {extraColumns.map((f) => (
                      <Table.Td key={f.key} fz="sm">
                        {row.values[f.key] ?? ''}
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Group gap={2} justify="flex-end" wrap="nowrap">
                        {actions(row, name, certificate_allowed)}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {!shown.length && (
                <Table.Tr>
                  <Table.Td colSpan={4 + extraColumns.length}>
                    <Text ta="center" c="dimmed" py="lg" size="sm">
                      {emptyMessage}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {/* Phones: one card per recipient, every action in reach without scrolling sideways. */}
        <Stack gap="sm" hiddenFrom="sm" role="list" aria-label="Recipients">
          {shown.map(({ row, certificate_allowed }) => {
            const name = fullName(row.values);
            return (
              <Paper
                key={row.uid}
                withBorder
                radius="md"
                p="sm"
                role="listitem"
                style={certificate_allowed ? undefined : { opacity: 0.5 }}
                bg={certificate_allowed ? undefined : 'stone.0'}
              >
                <Text fw={600} size="sm">
                  <Text span c="dimmed" fw={400}>
                    {row.line}.{' '}
                  </Text>
                  {name}
                  {!certificate_allowed && (
                    <Badge ml={8} size="xs" color="orange" variant="light">
                      Needs credit
                    </Badge>
                  )}
                </Text>
                <Text size="sm" c="stone.7" style={{ wordBreak: 'break-all' }}>
                  {row.values[FIELD_KEYS.email]}
                </Text>
                {extraColumns.map((f) => (
                  <Text key={f.key} size="xs">
                    <Text span c="dimmed">
                      {fieldLabel(f)}:{' '}
                    </Text>
                    {row.values[f.key] ?? ''}
                  </Text>
                ))}
                <Group gap={2} mt={6} justify="flex-end">
                  {actions(row, name, certificate_allowed)}
                </Group>
              </Paper>
            );
          })}
          {!shown.length && (
            <Text ta="center" c="dimmed" py="lg" size="sm">
              {emptyMessage}
            </Text>
          )}
        </Stack>
        {pages > 1 && (
          <Group justify="flex-end" mt="md">
            <Pagination total={pages} value={page} onChange={setPage} siblings={1} boundaries={0} size="sm" aria-label="Recipient pages" />
          </Group>
        )}
      </Paper>

      {leftOutRows.length > 0 && <LeftOutRows rows={leftOutRows} onPutBack={(uid) => onLeftOut(leftOut.filter((u) => u !== uid))} />}

      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {backLabel}
        </Button>
        <Group gap="sm">
          {leftOutCount > 0 && (
            <Text size="sm" c="orange.9" fw={500} data-testid="left-out-count">
              {plural(leftOutCount, 'row')} left out
            </Text>
          )}
          <Button rightSection={<IconArrowRight size={16} />} disabled={!good.length} onClick={onContinue}>
            Save project
          </Button>
        </Group>
      </Group>

      <RecipientDialog
        certificate={certificate}
        initial={editing?.values ?? null}
        mode={editing?.uid == null ? 'add' : 'edit'}
        onSave={save}
        onClose={() => setEditing(null)}
      />
      <CertificateModal
        certificate={certificate}
        values={viewing?.kind === 'certificate' ? viewing.values : null}
        name={viewing ? fullName(viewing.values) : ''}
        onClose={() => setViewing(null)}
      />
      <EmailModal
        certificate={certificate}
        values={viewing?.kind === 'email' ? viewing.values : null}
        name={viewing ? fullName(viewing.values) : ''}
        onClose={() => setViewing(null)}
      />
    </Stack>
  );
}
