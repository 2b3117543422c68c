import { FIELD_KEYS } from '@laurel/certificate';
import type { recipients } from '../../db/schema.ts';
import { fieldLabel } from '../store/index.ts';

type RecipientRow = typeof recipients.$inferSelect;

/** One exported recipient: the row and the project it belongs to. */
export interface ExportRow {
  recipient: RecipientRow;
  project_title: string;
  certificate_name: string;
}

export interface ExportColumn {
  key: string;
  header: string;
  /** Dates are real dates in XLSX and ISO 8601 (UTC) in CSV. */
  value(row: ExportRow): string | Date | null;
}

const STATE_LABELS: Record<string, string> = {
  draft: 'Unsent',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  bounced: 'Bounced',
  failed: 'Failed',
  suppressed: 'Suppressed',
};

/**
 * The columns an export can hold, by the keys the store's tables use. The public certificate link is
 * not among them: it belongs to the recipient and travels only in their email.
 */
const BASE: ExportColumn[] = [
  { key: 'project', header: 'Project', value: (r) => r.project_title },
  { key: 'certificate', header: 'Certificate', value: (r) => r.certificate_name },
  { key: 'certificate_number', header: 'Certificate number', value: (r) => r.recipient.certificate_number },
  { key: 'name', header: 'Name', value: (r) => `${r.recipient.first_name} ${r.recipient.last_name}`.trim() },
  { key: 'first_name', header: 'First name', value: (r) => r.recipient.first_name },
  { key: 'last_name', header: 'Last name', value: (r) => r.recipient.last_name },
  { key: 'email', header: 'Email', value: (r) => r.recipient.email },
  { key: 'status', header: 'Status', value: (r) => STATE_LABELS[r.recipient.state] ?? r.recipient.state },
  { key: 'sent_at', header: 'Sent', value: (r) => r.recipient.sent_at },
  { key: 'opened_at', header: 'Opened', value: (r) => r.recipient.accessed_at },
  { key: 'revoked_at', header: 'Revoked', value: (r) => r.recipient.revoked_at },
  { key: 'added_at', header: 'Added', value: (r) => r.recipient.created_at },
];
const BY_KEY = new Map(BASE.map((c) => [c.key, c]));

export const DATA_FIELD_PREFIX = 'field:';

function dataFieldColumn(field: string): ExportColumn {
  return { key: `${DATA_FIELD_PREFIX}${field}`, header: fieldLabel(field), value: (r) => r.recipient.meta[field] ?? '' };
}

/** The columns of a whole-project export: everything about each recipient, data fields in the middle. */
export function projectExportColumns(dataFields: string[]): ExportColumn[] {
  const fields = [
    ...dataFields.filter((f) => f !== FIELD_KEYS.expiration),
    ...(dataFields.includes(FIELD_KEYS.expiration) ? [FIELD_KEYS.expiration] : []),
  ];
  const before = ['project', 'certificate', 'certificate_number', 'first_name', 'last_name', 'email'];
  const after = ['status', 'sent_at', 'opened_at', 'revoked_at'];
  return [...before.map((k) => BY_KEY.get(k)!), ...fields.map(dataFieldColumn), ...after.map((k) => BY_KEY.get(k)!)];
}

/** The columns the issuer chose in the global search, in their order; unknown keys are ignored. */
export function chosenColumns(keys: string[]): ExportColumn[] {
  const columns = keys.flatMap((key) => {
    if (key.startsWith(DATA_FIELD_PREFIX)) return [dataFieldColumn(key.slice(DATA_FIELD_PREFIX.length))];
    const column = BY_KEY.get(key);
    return column ? [column] : [];
  });
  return columns.length ? columns : projectExportColumns([]);
}

export const EXPORT_COLUMN_KEYS = BASE.map((c) => c.key);
