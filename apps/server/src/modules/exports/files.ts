import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { csvCell, quoteCsvField, safeCell } from './cells.ts';
import type { ExportColumn, ExportRow } from './columns.ts';

const isoUtc = (date: Date) =>
  date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');

function cellValue(column: ExportColumn, row: ExportRow): string | Date {
  const value = column.value(row);
  if (value === null) return '';
  return value instanceof Date ? value : safeCell(value);
}

/**
 * CSV with a byte-order mark, so that spreadsheet programs read the names' accents as UTF-8; safe to
 * open with the comma, the semicolon or tab as the separator (cells.ts).
 */
export function toCsv(columns: ExportColumn[], rows: ExportRow[]): Buffer {
  const text = Papa.unparse(
    {
      fields: columns.map((c) => csvCell(c.header)),
      data: rows.map((row) =>
        columns.map((c) => {
          const value = c.value(row);
          if (value === null) return '';
          return value instanceof Date ? isoUtc(value) : csvCell(value);
        }),
      ),
    },
    { newline: '\r\n', quotes: quoteCsvField },
  );
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

/** XLSX with a bold, frozen header row, filters and columns wide enough to read. */
export async function toXlsx(columns: ExportColumn[], rows: ExportRow[], sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Laurel';
  // Sheet names are at most 31 characters and may not contain : \ / ? * [ ]
  const sheet = workbook.addWorksheet(
    sheetName
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31)
      .trim() || 'Recipients',
    {
      views: [{ state: 'frozen', ySplit: 1 }],
    },
  );
  sheet.columns = columns.map((c) => ({ header: safeCell(c.header), key: c.key, width: Math.min(48, Math.max(12, c.header.length + 4)) }));
  for (const row of rows) sheet.addRow(columns.map((c) => cellValue(c, row)));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  columns.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    const sample = rows.slice(0, 200).map((row) => cellValue(column, row));
    if (sample.some((v) => v instanceof Date)) {
      sheetColumn.numFmt = 'yyyy-mm-dd hh:mm';
      sheetColumn.width = 18;
    } else {
      const longest = Math.max(column.header.length, ...sample.map((v) => String(v).length));
      sheetColumn.width = Math.min(48, Math.max(10, longest + 2));
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
