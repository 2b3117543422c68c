import { formatExpirationDate } from '@laurel/certificate';
import type { DataField, Recipient, StoreRecipient } from '@laurel/domain';
import { Anchor, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { type ReactNode, useMemo } from 'react';
import { formatDateTime } from '../../shared/lib/format.ts';
import { RecipientStatus } from './StatusBadge.tsx';

/** A column of the store's recipient tables; `key` is also the export's column key. */
export interface RecipientColumn<R extends Recipient> {
  key: string;
  label: string;
  width?: number;
  cell(r: R, open: () => void): ReactNode;
}

/** A moment in a table cell, or a dimmed word for one that has not come yet. */
export function DateCell({ at, empty = '—' }: { at: string | null; empty?: string }) {
  return (
    <Text size="sm" c={at ? undefined : 'stone.5'} style={{ whiteSpace: 'nowrap' }}>
      {at ? formatDateTime(at) : empty}
    </Text>
  );
}

/** A recipient's name, which opens their details. */
export function RecipientName({ recipient: r, onOpen }: { recipient: Pick<Recipient, 'first_name' | 'last_name'>; onOpen(): void }) {
  return (
    <Anchor component="button" type="button" fw={600} size="sm" onClick={onOpen} ta="left" style={{ whiteSpace: 'nowrap' }}>
      {`${r.first_name} ${r.last_name}`.trim()}
    </Anchor>
  );
}

export function recipientColumns<R extends Recipient>(fields: DataField[], withProject: boolean): RecipientColumn<R>[] {
  const columns: RecipientColumn<R>[] = [
    { key: 'name', label: 'Name', cell: (r, open) => <RecipientName recipient={r} onOpen={open} /> },
    {
      key: 'email',
      label: 'Email',
      cell: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.email}
        </Text>
      ),
    },
  ];
  if (withProject) {
    columns.push(
      { key: 'project', label: 'Project', cell: (r) => <Text size="sm">{(r as unknown as StoreRecipient).project_title}</Text> },
      { key: 'certificate', label: 'Certificate', cell: (r) => <Text size="sm">{(r as unknown as StoreRecipient).certificate_name}</Text> },
    );
  }
  columns.push(
    {
      key: 'certificate_number',
      label: 'Certificate number',
      width: 150,
      cell: (r) => (
        <Text size="sm" ff="monospace">
          {r.certificate_number}
        </Text>
      ),
    },
    { key: 'status', label: 'Status', width: 200, cell: (r) => <RecipientStatus state={r.state} revoked={r.revoked} /> },
    { key: 'sent_at', label: 'Sent', width: 170, cell: (r) => <DateCell at={r.sent_at} /> },
    { key: 'opened_at', label: 'Opened', width: 170, cell: (r) => <DateCell at={r.accessed_at} empty={r.sent ? 'Not opened' : '—'} /> },
  );
  for (const field of fields) {
    columns.push({
      key: `field:${field.key}`,
      label: field.label,
      cell: (r) => {
        const value = r.meta[field.key] ?? '';
        return <Text size="sm">{field.kind === 'expiration_date' && value ? formatExpirationDate(value) : value || '—'}</Text>;
      },
    });
  }
  return columns;
}

/**
 * The columns a recipient table offers and those the issuer chose to see, remembered on this
 * device under `storageKey`; the account's or project's data fields are columns too.
 */
export function useChosenColumns<R extends Recipient>(
  storageKey: string,
  defaults: string[],
  fields: DataField[] | undefined,
  withProject: boolean,
) {
  const [visible, setVisible] = useLocalStorage<string[]>({ key: storageKey, defaultValue: defaults });
  const columns = useMemo(() => recipientColumns<R>(fields ?? [], withProject), [fields, withProject]);
  const shown = columns.filter((c) => visible.includes(c.key));
  return { columns, visible, setVisible, shown };
}
