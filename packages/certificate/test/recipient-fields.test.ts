import { describe, expect, it } from 'vitest';
import { newDesign, newElement } from '../src/model/defaults.ts';
import { FIELD_KEYS, importedValues, mappingProblem, parseDateInFormat, recipientFields } from '../src/model/recipient-fields.ts';

describe('recipient fields of a design', () => {
  it('lists names, email, expiration date and custom merge fields once each', () => {
    const design = newDesign();
    design.elements.push(
      { ...newElement('text'), type: 'dynamicText', content: 'for [COURSE] on [course]' },
      { ...newElement('text'), type: 'dynamicText', content: 'issued by [ACCOUNT_NAME] to [FIRST NAME]' },
      newElement('expiration_date'),
    );
    const keys = recipientFields(design).map((f) => f.key);
    expect(keys).toEqual([FIELD_KEYS.first, FIELD_KEYS.last, FIELD_KEYS.full, FIELD_KEYS.email, FIELD_KEYS.expiration, 'COURSE']);
  });

  it('needs every field mapped, except that a combined name column stands for first and last name', () => {
    const design = newDesign();
    design.elements.push({ ...newElement('text'), type: 'dynamicText', content: 'for [COURSE]' });
    const fields = recipientFields(design);
    expect(mappingProblem(fields, new Set([FIELD_KEYS.first, FIELD_KEYS.last, FIELD_KEYS.email, 'COURSE']))).toBeNull();
    expect(mappingProblem(fields, new Set([FIELD_KEYS.full, FIELD_KEYS.email, 'COURSE']))).toBeNull();
    expect(mappingProblem(fields, new Set([FIELD_KEYS.first, FIELD_KEYS.last, FIELD_KEYS.email]))).toBe(
      'Please map all data fields on cert to continue.',
    );
    expect(mappingProblem(fields, new Set([FIELD_KEYS.first, FIELD_KEYS.email, 'COURSE']))).not.toBeNull();
  });

  it('reads an imported row by field: a combined name as written, an ISO date in the certificate’s format', () => {
    const columns = [FIELD_KEYS.full, null, FIELD_KEYS.email, FIELD_KEYS.expiration];
    expect(importedValues([' Mary Ann Smith ', 'ignored', 'mary@example.com', '2031-06-30'], columns, 'DD/MM/YYYY')).toEqual({
      [FIELD_KEYS.full]: 'Mary Ann Smith',
      [FIELD_KEYS.email]: 'mary@example.com',
      [FIELD_KEYS.expiration]: '30/06/2031',
    });
    // Anything but a real ISO date is left for the checks to name.
    expect(importedValues(['2031-02-30'], [FIELD_KEYS.expiration], 'DD/MM/YYYY')).toEqual({ [FIELD_KEYS.expiration]: '2031-02-30' });
    expect(importedValues(['2031-06-30'], [FIELD_KEYS.expiration], 'YYYY-MM-DD')).toEqual({ [FIELD_KEYS.expiration]: '2031-06-30' });
  });
});

describe('parseDateInFormat', () => {
  it.each([
    ['12/31/2027', 'MM/DD/YYYY', '2027-12-31'],
    ['31/12/2027', 'DD/MM/YYYY', '2027-12-31'],
    ['1/2/2027', 'M/D/YYYY', '2027-01-02'],
    ['2/1/27', 'D/M/YY', '2027-01-02'],
    ['2027-02-28', 'YYYY-MM-DD', '2027-02-28'],
    ['March 5, 2028', 'MMMM D, YYYY', '2028-03-05'],
    ['05 March 2028', 'DD MMMM YYYY', '2028-03-05'],
  ] as const)('reads %s as %s', (value, format, iso) => {
    expect(parseDateInFormat(value, format)).toBe(iso);
  });

  it.each([
    ['2027-12-31', 'MM/DD/YYYY'],
    ['13/01/2027', 'MM/DD/YYYY'],
    ['02/30/2027', 'MM/DD/YYYY'],
    ['1/2/2027', 'MM/DD/YYYY'],
    ['Marchy 5, 2028', 'MMMM D, YYYY'],
    ['', 'YYYY-MM-DD'],
  ] as const)('refuses %j in %s', (value, format) => {
    expect(parseDateInFormat(value, format)).toBeNull();
  });
});
