import { FIELD_KEYS } from '@laurel/certificate';
import { type DataField, EXPIRY_MESSAGES } from '@laurel/domain';
import { describe, expect, it } from 'vitest';
import { emptyRow, MAX_ROWS, validate, withImported, withoutRow } from '../src/features/store/add-recipient-rows.ts';

const FIELDS: DataField[] = [{ key: 'COURSE', label: 'Course', kind: 'data' }];
const person = (first: string, course = 'Day Skipper') => ({
  ...emptyRow(FIELDS),
  [FIELD_KEYS.first]: first,
  [FIELD_KEYS.last]: 'Okafor',
  [FIELD_KEYS.email]: `${first.toLowerCase()}@example.com`,
  COURSE: course,
});

describe('adding recipients to a saved project', () => {
  it('puts imported people after those typed in, in place of a row still empty', () => {
    const merged = withImported(
      [person('Zoë'), emptyRow(FIELDS)],
      [{ [FIELD_KEYS.first]: 'Léa', [FIELD_KEYS.email]: 'lea@example.com' }],
      FIELDS,
      'crew.csv',
    );
    if ('problem' in merged) throw new Error(merged.problem);
    expect(merged.firstNew).toBe(1);
    expect(merged.rows.map((r) => r[FIELD_KEYS.first])).toEqual(['Zoë', 'Léa']);
    // Columns the file did not fill are there to be filled in the dialog.
    expect(merged.rows[1]).toMatchObject({ COURSE: '', [FIELD_KEYS.last]: '' });
  });

  it('refuses an import past what one addition takes instead of dropping the rest', () => {
    const incoming = Array.from({ length: MAX_ROWS }, (_, i) => person(`P${i}`));
    const merged = withImported([person('Zoë')], incoming, FIELDS, 'everyone.csv');
    expect(merged).toEqual({
      problem: `everyone.csv holds 50,000 recipients; with those already here that is more than the 50,000 one addition takes. Add them in parts.`,
    });
    expect('rows' in withImported([emptyRow(FIELDS)], incoming, FIELDS, 'everyone.csv')).toBe(true);
  });

  it('names what each row lacks, in the certificate’s date format', () => {
    const rows = [person('Zoë'), { ...person('Léa', ''), [FIELD_KEYS.email]: 'lea-at-example.com', [FIELD_KEYS.expiration]: '2027-12-31' }];
    const errors = validate(rows, [...FIELDS, { key: FIELD_KEYS.expiration, label: 'Expires', kind: 'expiration_date' }], 'MM/DD/YYYY');
    expect(errors[0]).toEqual({ [FIELD_KEYS.expiration]: 'Required' });
    expect(errors[1]).toMatchObject({ COURSE: 'Required', [FIELD_KEYS.email]: 'Invalid email format' });
    expect(errors[1]![FIELD_KEYS.expiration]).toMatch(/MM\/DD\/YYYY/);
    expect(withoutRow(errors, 0)).toEqual({ 0: errors[1] });
  });

  it('refuses an expiration date already past, as the server will', () => {
    const expiring = [...FIELDS, { key: FIELD_KEYS.expiration, label: 'Expires', kind: 'expiration_date' as const }];
    const rows = [
      { ...person('Zoë'), [FIELD_KEYS.expiration]: '01/01/2020' },
      { ...person('Léa'), [FIELD_KEYS.expiration]: '12/31/2099' },
    ];
    expect(validate(rows, expiring, 'MM/DD/YYYY')).toEqual({ 0: { [FIELD_KEYS.expiration]: EXPIRY_MESSAGES.past } });
  });
});
