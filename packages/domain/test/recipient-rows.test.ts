import { FIELD_KEYS, type RecipientField } from '@laurel/certificate';
import { describe, expect, it } from 'vitest';
import { repeatedRows, rowProblems } from '../src/recipient-rows.ts';

const FIELDS: RecipientField[] = [
  { key: FIELD_KEYS.first, kind: 'first_name', optional: false },
  { key: FIELD_KEYS.last, kind: 'last_name', optional: false },
  { key: FIELD_KEYS.full, kind: 'full_name', optional: true },
  { key: FIELD_KEYS.email, kind: 'email', optional: false },
  { key: FIELD_KEYS.expiration, kind: 'expiration_date', optional: false },
  { key: 'COURSE', kind: 'data', optional: false },
];

const row = (values: Record<string, string>) => ({
  [FIELD_KEYS.first]: 'Ada',
  [FIELD_KEYS.last]: 'Lovelace',
  [FIELD_KEYS.email]: 'ada@example.com',
  [FIELD_KEYS.expiration]: '31/12/2030',
  COURSE: 'Analysis',
  ...values,
});

const kinds = (values: Record<string, string>) => rowProblems(row(values), FIELDS, 'DD/MM/YYYY').map((p) => p.kind);

describe('the checks every imported row passes', () => {
  it('accepts a complete row, and a row whose only name is a combined one', () => {
    expect(rowProblems(row({}), FIELDS, 'DD/MM/YYYY')).toEqual([]);
    expect(kinds({ [FIELD_KEYS.first]: '', [FIELD_KEYS.last]: '', [FIELD_KEYS.full]: '王小明' })).toEqual([]);
    // A data field may stay empty for one person, as in the add-recipient dialog.
    expect(kinds({ COURSE: '' })).toEqual([]);
  });

  it('names each problem of a row with the field to correct', () => {
    expect(rowProblems(row({ [FIELD_KEYS.email]: 'not-an-email@' }), FIELDS, 'DD/MM/YYYY')).toEqual([
      { kind: 'invalid_email', field: FIELD_KEYS.email, message: 'Invalid email format: not-an-email@' },
    ]);
    expect(kinds({ [FIELD_KEYS.first]: ' ', [FIELD_KEYS.last]: '', [FIELD_KEYS.email]: '' })).toEqual(['missing_name', 'missing_email']);
    expect(rowProblems(row({ [FIELD_KEYS.expiration]: '12/31/2030' }), FIELDS, 'DD/MM/YYYY')).toEqual([
      {
        kind: 'invalid_date',
        field: FIELD_KEYS.expiration,
        message: 'Please enter a valid expiration date in format - DD/MM/YYYY',
      },
    ]);
    // Without an expiration date on the certificate, none is asked for.
    expect(rowProblems(row({ [FIELD_KEYS.expiration]: '' }), FIELDS.slice(0, 4), null)).toEqual([]);
  });

  it('finds a row repeated exactly, address in any case, but not the same person with another course', () => {
    const rows = [
      row({}),
      row({ COURSE: 'Geometry' }),
      row({ [FIELD_KEYS.email]: 'ADA@example.com ', [FIELD_KEYS.first]: ' Ada' }),
      row({ [FIELD_KEYS.first]: '', [FIELD_KEYS.last]: '', [FIELD_KEYS.full]: 'Ada Lovelace' }),
    ];
    expect(repeatedRows(rows, FIELDS)).toEqual([null, null, 0, 0]);
  });
});
