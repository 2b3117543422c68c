import { FIELD_KEYS, type RecipientField } from '@laurel/certificate';
import { describe, expect, it } from 'vitest';
import { EXPIRY_MESSAGES, expiresBeforeIssue, repeatedRows, rowProblems, utcDay } from '../src/recipient-rows.ts';

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

/** The day the rows are checked on. */
const TODAY = '2026-05-20';

const kinds = (values: Record<string, string>) => rowProblems(row(values), FIELDS, 'DD/MM/YYYY', TODAY).map((p) => p.kind);

describe('the checks every imported row passes', () => {
  it('accepts a complete row, and a row whose only name is a combined one', () => {
    expect(rowProblems(row({}), FIELDS, 'DD/MM/YYYY', TODAY)).toEqual([]);
    expect(kinds({ [FIELD_KEYS.first]: '', [FIELD_KEYS.last]: '', [FIELD_KEYS.full]: '王小明' })).toEqual([]);
    // A data field may stay empty for one person, as in the add-recipient dialog.
    expect(kinds({ COURSE: '' })).toEqual([]);
  });

  it('names each problem of a row with the field to correct', () => {
    expect(rowProblems(row({ [FIELD_KEYS.email]: 'not-an-email@' }), FIELDS, 'DD/MM/YYYY', TODAY)).toEqual([
      { kind: 'invalid_email', field: FIELD_KEYS.email, message: 'Invalid email format: not-an-email@' },
    ]);
    expect(kinds({ [FIELD_KEYS.first]: ' ', [FIELD_KEYS.last]: '', [FIELD_KEYS.email]: '' })).toEqual(['missing_name', 'missing_email']);
    expect(rowProblems(row({ [FIELD_KEYS.expiration]: '12/31/2030' }), FIELDS, 'DD/MM/YYYY', TODAY)).toEqual([
      {
        kind: 'invalid_date',
        field: FIELD_KEYS.expiration,
        message: 'Please enter a valid expiration date in format - DD/MM/YYYY',
      },
    ]);
    // Without an expiration date on the certificate, none is asked for.
    expect(rowProblems(row({ [FIELD_KEYS.expiration]: '' }), FIELDS.slice(0, 4), null, TODAY)).toEqual([]);
  });

  it('refuses an expiration date already past on the day the rows are checked, and takes the day itself', () => {
    expect(rowProblems(row({ [FIELD_KEYS.expiration]: '01/01/2020' }), FIELDS, 'DD/MM/YYYY', TODAY)).toEqual([
      { kind: 'past_date', field: FIELD_KEYS.expiration, message: EXPIRY_MESSAGES.past },
    ]);
    expect(kinds({ [FIELD_KEYS.expiration]: '19/05/2026' })).toEqual(['past_date']);
    // The last day a certificate holds may be the day it is issued.
    expect(kinds({ [FIELD_KEYS.expiration]: '20/05/2026' })).toEqual([]);
    // Only a date that reads is compared: one that does not is asked for in the format.
    expect(kinds({ [FIELD_KEYS.expiration]: '2020-01-01' })).toEqual(['invalid_date']);
  });

  it('counts days in UTC, as credentials do', () => {
    expect(utcDay(new Date('2026-05-19T23:30:00-02:00'))).toBe('2026-05-20');
    expect(expiresBeforeIssue('2026-05-19', utcDay(new Date('2026-05-20T00:00:01Z')))).toBe(true);
    expect(expiresBeforeIssue('2026-05-20', utcDay(new Date('2026-05-20T23:59:59Z')))).toBe(false);
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
