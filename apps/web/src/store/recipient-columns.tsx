import { Anchor, Text } from '@mantine/core';
import { formatExpirationDate } from '@laurel/certificate';
import type { ReactNode } from 'react';
import type { DataField, Recipient, StoreRecipient } from '../api/store.ts';
import { formatDateTime } from '../lib/format.ts';
import { RecipientStatus } from './StatusBadge.tsx';

/** A column of the store's recipient tables; `key` is also the export's column key. */
export interface RecipientColumn<R extends Recipient> {
  key: string;
  label: string;
  width?: number;
  cell(r: R, open: () => void): ReactNode;
}

const date = (iso: string | null, empty = '—') => (
  <Text size="sm" c={iso ? undefined : 'stone.5'} style={{ whiteSpace: 'nowrap' }}>
    {iso ? formatDateTime(iso) : empty}
  </Text>
);

export function recipientColumns<R extends Recipient>(fields: DataField[], withProject: boolean): RecipientColumn<R>[] {
  const columns: RecipientColumn<R>[] = [
    {
      key: 'name',
      label: 'Name',
      cell: (r, open) => (
        <Anchor component="button" type="button" fw={600} size="sm" onClick={open} ta="left" style={{ whiteSpace: 'nowrap' }}>
          {`${r.first_name} ${r.last_name}`.trim()}
        </Anchor>
      ),
    },
    { key: 'email', label: 'Email', cell: (r) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{r.email}</Text> },
  ];
  if (withProject) {
    columns.push(
      { key: 'project', label: 'Project', cell: (r) => <Text size="sm">{(r as unknown as StoreRecipient).project_title}</Text> },
      { key: 'certificate', label: 'Certificate', cell: (r) => <Text size="sm">{(r as unknown as StoreRecipient).certificate_name}</Text> },
    );
  }
  columns.push(
    { key: 'certificate_number', label: 'Certificate number', width: 150, cell: (r) => <Text size="sm" ff="monospace">{r.certificate_number}</Text> },
    { key: 'status', label: 'Status', width: 200, cell: (r) => <RecipientStatus state={r.state} revoked={r.revoked} /> },
    { key: 'sent_at', label: 'Sent', width: 170, cell: (r) => date(r.sent_at) },
    { key: 'opened_at', label: 'Opened', width: 170, cell: (r) => date(r.accessed_at, r.sent ? 'Not opened' : '—') },
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
