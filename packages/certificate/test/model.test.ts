import { describe, expect, it } from 'vitest';
import {
  asMergeField,
  type CertificateDesign,
  canvasSize,
  MESSAGES,
  migrateDesign,
  newDesign,
  newElement,
  nextMergeFieldName,
  placeWithoutCollision,
  prepareForSave,
  validateDesign,
} from '../src/model/index.ts';
import { sampleDesign } from './helpers/sample.ts';

function withFront(...elements: CertificateDesign['elements']): CertificateDesign {
  return { ...newDesign(), elements };
}

describe('defaults', () => {
  it('starts a new design with the read-only participant name text', () => {
    const design = newDesign();
    expect(design.elements).toHaveLength(1);
    const [el] = design.elements;
    expect(el).toMatchObject({ type: 'text', content: '[PARTICIPANT NAME]', restrictions: 'read-only' });
    expect(el!.styles).toMatchObject({
      left: '175px',
      top: '175px',
      width: '300px',
      'font-family': 'Open Sans',
      'font-size': '18px',
      color: '#000000',
    });
  });

  it('sizes new elements per docs/product/builder.md#rules-and-limits', () => {
    expect(newElement('text').styles).toMatchObject({ width: '250px', 'font-size': '18px' });
    expect(newElement('name').styles).toMatchObject({ width: '570px', 'font-size': '24px', 'font-weight': 'bold' });
    expect(newElement('name').content).toBe('[FIRST NAME] [LAST NAME]');
    expect(newElement('name', 'Letter', { nameFormat: 'one' }).content).toBe('[PARTICIPANT NAME]');
    expect(newElement('certificate_number').styles).toMatchObject({ width: '200px', 'font-size': '14px' });
    expect(newElement('expiration_date').styles).toMatchObject({ width: '300px', 'font-size': '14px' });
    expect(newElement('qrcode').styles).toMatchObject({ width: '75px', height: '75px' });
    expect(newElement('logo').styles).toMatchObject({ left: '50px', top: '50px', width: '75px', height: '75px' });
    expect(newElement('line', 'Letter').styles.top).toBe('410px');
    expect(newElement('line', 'A4').styles.top).toBe('360px');
    expect(newElement('line', 'Legal').styles.top).toBe('310px');
    expect(newElement('text').styles['z-index']).toBe('99');
  });

  it('gives the 640 px canvas the page aspect ratio', () => {
    expect(canvasSize('Letter', false)).toEqual({ width: 640, height: 494 });
    expect(canvasSize('Legal', true).height).toBeGreaterThan(1040);
  });
});

describe('validateDesign', () => {
  it('accepts the default design', () => {
    expect(validateDesign(newDesign())).toEqual([]);
  });

  it('refuses an empty merge field', () => {
    const issues = validateDesign(withFront(newElement('dynamic', 'Letter', { content: '' })));
    expect(issues).toEqual([
      { message: "Error Saving Certificate: Element '[merge field]' must not be empty", elementIndex: 0, side: 'front' },
    ]);
  });

  it('requires exactly one pair of brackets, naming the content', () => {
    const issues = validateDesign(withFront(newElement('dynamic', 'Letter', { content: '[A] [B]' })));
    expect(issues.map((i) => i.message)).toEqual([MESSAGES.brackets('[A] [B]')]);
    expect(issues[0]!.message).toContain("'[A] [B]'");
  });

  it('refuses DOWNLOAD_CERTIFICATE_LINK on either side', () => {
    const design = {
      ...newDesign(),
      back_side_elements: [newElement('text', 'Letter', { content: 'Get it: [DOWNLOAD_CERTIFICATE_LINK]' })],
    };
    expect(validateDesign(design)).toEqual([{ message: MESSAGES.downloadLink, elementIndex: 0, side: 'back' }]);
  });

  it('refuses EXPIRATION_DATE typed as a custom merge field, in any case', () => {
    const issues = validateDesign(withFront(newElement('dynamic', 'Letter', { content: '[Expiration_Date]' })));
    expect(issues.map((i) => i.message)).toEqual([MESSAGES.expirationField]);
    expect(validateDesign(withFront(newElement('expiration_date')))).toEqual([]);
  });

  it('requires unique merge names among name and dynamic elements, ignoring case', () => {
    const design = withFront(newElement('name'), {
      ...newElement('dynamic', 'Letter', { content: '[first name]' }),
      styles: { ...newElement('dynamic').styles, top: '200px' },
    });
    expect(validateDesign(design).map((i) => i.message)).toEqual([MESSAGES.duplicateField('first name')]);
  });

  it('enforces the 70x30 minimum and the canvas bounds', () => {
    const small = newElement('qrcode');
    small.styles = { ...small.styles, width: '60px', height: '60px' };
    const outside = newElement('text');
    outside.styles = { ...outside.styles, left: '500px', width: '250px' };
    const issues = validateDesign(withFront(small, outside));
    expect(issues).toEqual([
      { message: MESSAGES.tooSmall('qrcode'), elementIndex: 0, side: 'front' },
      { message: MESSAGES.outside('Text'), elementIndex: 1, side: 'front' },
    ]);
  });
});

describe('prepareForSave', () => {
  it('turns text with a bracketed field into dynamicText and leaves plain text alone', () => {
    const saved = prepareForSave(withFront(newElement('text', 'Letter', { content: 'Dear [COMPANY]' }), newElement('text')));
    expect(saved.elements.map((e) => e.type)).toEqual(['dynamicText', 'text']);
  });

  it('nulls the expiration format without an expiration element on either side', () => {
    const design = { ...newDesign(), expiration_date_format: 'YYYY-MM-DD' as const };
    expect(prepareForSave(design).expiration_date_format).toBeNull();
    const withBack = { ...design, back_side_elements: [newElement('expiration_date')] };
    expect(prepareForSave(withBack).expiration_date_format).toBe('YYYY-MM-DD');
  });
});

describe('migrateDesign', () => {
  it('restores version 1 data: JSON strings, 0/1 flags, numeric styles, missing fields', () => {
    const v1 = {
      format: 'a4',
      is_portrait: 1,
      use_two_side: '0',
      elements: JSON.stringify([{ type: 'text', content: 'Hello', styles: { left: 10, top: 20, 'font-size': 30 } }, { type: 'unknown' }]),
      back_side_elements: null,
    };
    const design = migrateDesign(v1);
    expect(design).toMatchObject({
      schemaVersion: 2,
      format: 'A4',
      is_portrait: true,
      use_two_side: false,
      rotate_bg: true,
      expiration_date_format: null,
      back_side_elements: [],
    });
    expect(design.elements).toHaveLength(1);
    expect(design.elements[0]!.styles).toMatchObject({ left: '10px', top: '20px', 'font-size': '30px', 'font-family': 'Open Sans' });
    expect(design.elements[0]).toMatchObject({ lock: false, restrictions: 'none', format: 'sep' });
  });

  it('round-trips a current design unchanged', () => {
    const design = newDesign('Legal', true);
    expect(migrateDesign(JSON.parse(JSON.stringify(design)))).toEqual(design);
  });
});

describe('a full design', () => {
  it('passes validation and survives save conversions and migration unchanged', () => {
    const design = prepareForSave(sampleDesign());
    expect(validateDesign(design)).toEqual([]);
    expect(design.expiration_date_format).toBe('MMMM D, YYYY');
    expect(migrateDesign(JSON.parse(JSON.stringify(design)))).toEqual(design);
  });
});

describe('builder rules', () => {
  it('wraps text made into a merge field in brackets, leaving bracketed and empty text alone', () => {
    expect(asMergeField(' Course ')).toBe('[Course]');
    expect(asMergeField('Dear [NAME]')).toBe('Dear [NAME]');
    expect(asMergeField('  ')).toBe('');
  });

  it('numbers default merge field names', () => {
    const field = (content: string) => newElement('dynamic', 'Letter', { content });
    expect(nextMergeFieldName([])).toBe('[MERGE FIELD]');
    expect(nextMergeFieldName([field('[MERGE FIELD]')])).toBe('[MERGE FIELD1]');
    expect(nextMergeFieldName([field('[MERGE FIELD]'), field('[merge field1]')])).toBe('[MERGE FIELD2]');
  });

  it('shifts a new element diagonally until its spot is free (25 px, 15 for lines)', () => {
    const existing = [newElement('text'), placeWithoutCollision(newElement('text'), [newElement('text')])];
    expect(existing[1]!.styles).toMatchObject({ left: '125px', top: '125px' });
    expect(placeWithoutCollision(newElement('text'), existing).styles).toMatchObject({ left: '150px', top: '150px' });
    const line = newElement('line');
    expect(placeWithoutCollision(line, [line]).styles).toMatchObject({ left: '185px', top: '425px' });
  });
});
