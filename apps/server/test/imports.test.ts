import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../src/modules/imports/parse.ts';
import { parseImport } from '../src/modules/imports/parse-pool.ts';
import { ApiClient, errorOf, type FormPart, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('parsing recipient lists', () => {
  it('reads UTF-8 with a BOM, semicolons and accented names, and finds the header', () => {
    const csv = Buffer.concat([BOM, Buffer.from('Prénom;Nom;E-mail\nZoë;Ñúñez;zoe@example.com\nJosé;Åström;jose@example.com\n')]);
    expect(parseCsv(csv)).toEqual({
      headers: ['Prénom', 'Nom', 'E-mail'],
      rows: [
        ['Zoë', 'Ñúñez', 'zoe@example.com'],
        ['José', 'Åström', 'jose@example.com'],
      ],
    });
  });

  it('keeps separators and line breaks inside quoted fields', () => {
    const csv = Buffer.from('First,Last,Email,Course\r\n"Ada","Lovelace, Countess",ada@example.com,"Analytical\nEngines"\r\n');
    expect(parseCsv(csv).rows).toEqual([['Ada', 'Lovelace, Countess', 'ada@example.com', 'Analytical\nEngines']]);
  });

  it.each([
    ['tab', '\t'],
    ['colon', ':'],
    ['comma', ','],
  ])('reads %s-separated files, guessed or given', (_name, separator) => {
    const csv = Buffer.from(`${['First', 'Last', 'Email'].join(separator)}\n${['Grace', 'Hopper', 'grace@example.com'].join(separator)}\n`);
    expect(parseCsv(csv).rows).toEqual([['Grace', 'Hopper', 'grace@example.com']]);
    expect(parseCsv(csv, separator as ',').headers).toEqual(['First', 'Last', 'Email']);
  });

  it('names columns when the file has no header row', () => {
    const table = parseCsv(Buffer.from('Grace,Hopper,grace@example.com\nAlan,Turing,alan@example.com\n'));
    expect(table.headers).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(table.rows).toHaveLength(2);
  });

  it('refuses binary files and old Excel workbooks with a message saying what to do', () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from(Array.from({ length: 400 }, (_, i) => (i * 37) % 256)),
    ]);
    expect(() => parseCsv(png)).toThrow('There was an error parsing import file: it is neither a CSV text file nor an XLSX workbook.');
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(500)]);
    expect(() => parseCsv(xls)).toThrow('Old Excel files (.xls) cannot be read: save the sheet as .xlsx or .csv and import it again.');
    // A stray control character in a real list is not a reason to refuse it.
    expect(
      parseCsv(Buffer.from(`Name,Email\nAda\u0007 Lovelace,ada@example.com\n${'Grace Hopper,grace@example.com\n'.repeat(20)}`)).rows,
    ).toHaveLength(21);
  });

  it('reads Windows-1252 files that are not valid UTF-8', () => {
    const latin1 = Buffer.from('Name,Email\nRen\xe9e,renee@example.com\n', 'latin1');
    expect(parseCsv(latin1).rows).toEqual([['Renée', 'renee@example.com']]);
  });

  it('reads the first sheet of an XLSX workbook, dates as YYYY-MM-DD', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Recipients');
    sheet.addRow(['First', 'Last', 'Email', 'Expires']);
    sheet.addRow(['Zoë', 'Okafor', 'zoe@example.com', new Date(Date.UTC(2027, 11, 31))]);
    sheet.addRow(['Li', 'Wei', { text: 'li@example.com', hyperlink: 'mailto:li@example.com' }, new Date(Date.UTC(2028, 0, 5))]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await parseImport(bytes)).toEqual({
      headers: ['First', 'Last', 'Email', 'Expires'],
      rows: [
        ['Zoë', 'Okafor', 'zoe@example.com', '2027-12-31'],
        ['Li', 'Wei', 'li@example.com', '2028-01-05'],
      ],
    });
  });

  it('refuses empty files and unclosed quotes with a message', () => {
    expect(() => parseCsv(Buffer.from('\n\n'))).toThrow('The file has no rows to import.');
    expect(() => parseCsv(Buffer.from('a,b\n"unclosed,c\n'))).toThrow(/error parsing import file/);
  });
});

describe('POST /api/recipients/import-list', () => {
  let laurel: TestLaurel;
  let client: ApiClient;
  beforeAll(async () => {
    laurel = await startTestLaurel();
    client = (await registerConfirmedAdmin(laurel)).client;
  });
  afterAll(async () => {
    await laurel?.close();
  });

  const upload = (token: string | null, parts: FormPart[]) => new ApiClient(laurel, token).upload('/api/recipients/import-list', parts);

  it('returns headers and rows', async () => {
    const csv = Buffer.concat([BOM, Buffer.from('First;Last;Email\nZoë;Okafor;zoe@example.com\n')]);
    const response = await upload(client.token, [
      { name: 'delimiter', value: ';' },
      { name: 'file', value: csv, filename: 'list.csv' },
    ]);
    expect(response.json()).toEqual({
      headers: ['First', 'Last', 'Email'],
      data: [['Zoë', 'Okafor', 'zoe@example.com']],
      message: 'Success! Parsed import file.',
    });
  });

  it('refuses a bad separator, a missing file and strangers', async () => {
    expect(
      errorOf(
        await upload(client.token, [
          { name: 'delimiter', value: '|' },
          { name: 'file', value: 'a|b', filename: 'x.csv' },
        ]),
      ).field,
    ).toBe('delimiter');
    expect((await upload(client.token, [{ name: 'delimiter', value: ',' }])).statusCode).toBe(400);
    expect((await upload(null, [{ name: 'file', value: 'a,b', filename: 'x.csv' }])).statusCode).toBe(401);
  });
});
