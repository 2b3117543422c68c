import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImport } from '../src/modules/imports/parse-pool.ts';
import { parseXlsx, XLSX_LIMITS } from '../src/modules/imports/xlsx.ts';
import { zipEntries } from '../src/modules/imports/zip.ts';
import { type ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { workbook } from './helpers/workbook.ts';

describe('the limits of a workbook import', () => {
  let laurel: TestLaurel;
  let client: ApiClient;
  beforeAll(async () => {
    laurel = await startTestLaurel();
    client = (await registerConfirmedAdmin(laurel)).client;
  });
  afterAll(async () => {
    await laurel?.close();
  });

  it('refuses a workbook over the cell ceiling, with the message', async () => {
    // Within the row and the column limit, not within both: every row reaches column 100 (a row takes
    // the width of its last cell), one row more than 50,000 and a header allow.
    const rows = XLSX_LIMITS.cells / 100 + 1;
    const bytes = await workbook(rows, 100, (r, c) => (c === 0 ? `Row ${r}` : c === 99 ? 'last' : null));
    const response = await client.upload('/api/recipients/import-list', [{ name: 'file', value: bytes, filename: 'wide.xlsx' }]);
    expect(errorOf(response)).toMatchObject({
      message: 'The file has more than 5,000,100 cells; at most 50,000 rows of 100 columns can be imported.',
      error_type: 'cells',
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a sheet that unpacks past the limit, whatever size the archive declares', async () => {
    const bytes = await workbook(20_000, 5, (r, c) => `${r}-${c}`);
    // The archive claims the sheet unpacks to 1 KB; it is counted as it is inflated instead.
    expect(zipEntries(bytes).get('xl/worksheets/sheet1.xml')!.size).toBeGreaterThan(1024 * 1024);
    // The name's last occurrence is in the central directory, 46 bytes after the start of its entry.
    const name = bytes.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml'));
    bytes.writeUInt32LE(1024, name - 46 + 24);
    expect(zipEntries(bytes).get('xl/worksheets/sheet1.xml')!.size).toBe(1024);
    await expect(parseXlsx(bytes, { cells: XLSX_LIMITS.cells, unpackedBytes: 1024 * 1024 })).rejects.toMatchObject({
      status: 400,
      message: 'The file unpacks to more than 1 MB of sheet data; at most 1 MB can be imported.',
    });
    expect((await parseXlsx(bytes)).rows).toHaveLength(20_000);
  });

  it('stops a worker that takes too long and says so', async () => {
    const bytes = await workbook(5_000, 10, (r, c) => `${r}-${c}`);
    await expect(parseImport(bytes, undefined, { timeMs: 50 })).rejects.toMatchObject({
      status: 400,
      message: 'Reading the file took longer than 0.05 seconds; split it into smaller files and import them one at a time.',
    });
    // The pool is free again afterwards.
    expect((await parseImport(bytes)).rows).toHaveLength(5_000);
  });
});
