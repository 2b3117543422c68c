import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import SharedStringsXform from 'exceljs/lib/xlsx/xform/strings/shared-strings-xform.js';
import { AppError, badRequest } from '../../http/errors.ts';
import { IMPORT_LIMITS, type ImportTable, toTable } from './parse.ts';
import { type UnpackBudget, UnpackLimitError, unpackStream, type ZipEntry, zipEntries } from './zip.ts';

/**
 * What reading one workbook may cost. Cells: the rows and columns of IMPORT_LIMITS plus the header
 * row, counted as each row is read (a row counts up to its last cell, the width it takes in memory).
 * Unpacked bytes: the parts read (sheet, shared strings, styles, workbook) together; a full workbook
 * of short values unpacks to some 150 MB, and a ZIP bomb to as much as its maker likes.
 */
export const XLSX_LIMITS = {
  cells: (IMPORT_LIMITS.rows + 1) * IMPORT_LIMITS.columns,
  unpackedBytes: 300 * 1024 * 1024,
} as const;

const UNREADABLE = 'There was an error parsing import file: it is not a readable XLSX workbook.';
const unreadable = () => badRequest(UNREADABLE, { error_type: 'parse' });
export type XlsxLimits = { [K in keyof typeof XLSX_LIMITS]: number };

const tooManyCells = (limits: XlsxLimits) =>
  badRequest(
    `The file has more than ${limits.cells.toLocaleString('en-US')} cells; at most ${IMPORT_LIMITS.rows.toLocaleString('en-US')} rows of ${IMPORT_LIMITS.columns} columns can be imported.`,
    { error_type: 'cells' },
  );
const tooLarge = (limits: XlsxLimits) => {
  const mb = Math.round(limits.unpackedBytes / 1024 / 1024);
  return badRequest(`The file unpacks to more than ${mb} MB of sheet data; at most ${mb} MB can be imported.`, { error_type: 'size' });
};

/**
 * The parts of exceljs's streaming reader used here. Its own loop reads the archive in stored order,
 * parking sheets in temporary files when the shared strings come later, and decodes each inflated chunk
 * on its own (a character split between chunks is lost); so the archive is opened here, and each part is
 * handed to the reader's parser for it as whole text, in the order it needs. exceljs is pinned: check
 * these names when upgrading it (the tests read workbooks through them).
 */
interface StreamingReader {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId?: string }[] };
  sharedStrings?: ExcelJS.CellValue[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Iterable<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** The first sheet of the workbook's own order (hidden or not), as loading the whole workbook chose it. */
function firstSheetPath(reader: StreamingReader, entries: Map<string, ZipEntry>): string | undefined {
  const rId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((rel) => rel.Id === rId)?.Target;
  if (target) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    if (entries.has(path) && SHEET.test(path)) return path;
  }
  const sheets = [...entries.keys()].filter((name) => SHEET.test(name));
  return sheets.sort((a, b) => Number(SHEET.exec(a)![1]) - Number(SHEET.exec(b)![1]))[0];
}

export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    // A formula's cached result; a formula saved without one reads as empty.
    if ('result' in value || 'formula' in value || 'sharedFormula' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((p) => p.text ?? '').join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}

async function readRows(bytes: Buffer, limits: XlsxLimits): Promise<string[][]> {
  const entries = zipEntries(bytes);
  const budget: UnpackBudget = { left: limits.unpackedBytes };
  const open = (entry: ZipEntry) => unpackStream(bytes, entry, budget);
  // The reader's own loop is not used, so its input is never read.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
  }) as unknown as StreamingReader;
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  const workbook = entries.get('xl/workbook.xml');
  if (rels) await reader._parseRels(open(rels));
  if (workbook) await reader._parseWorkbook(open(workbook));
  const path = firstSheetPath(reader, entries);
  if (!path) return [];
  const sheet = entries.get(path)!;
  const styles = entries.get('xl/styles.xml');
  const strings = entries.get('xl/sharedStrings.xml');
  // A size the archive admits to is refused before any work; one it hides is caught while inflating.
  if ([sheet, styles, strings].reduce((sum, entry) => sum + (entry?.size ?? 0), 0) > budget.left) throw tooLarge(limits);
  // Styles tell dates from numbers.
  if (styles) await reader._parseStyles(open(styles));
  reader.sharedStrings = strings ? (await new SharedStringsXform().parseStream(open(strings))).values : [];

  const raw: string[][] = [];
  let cells = 0;
  for (const { value: rows } of reader._parseWorksheet(open(sheet), SHEET.exec(path)![1]!)) {
    for await (const row of rows) {
      // A row without cells is skipped: empty rows are dropped anyway, and keeping them would let a
      // sheet of millions of `<row/>` fill the memory without passing the cell ceiling.
      if (!row.cellCount) continue;
      cells += row.cellCount;
      if (cells > limits.cells) throw tooManyCells(limits);
      const values: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        values[column - 1] = cellText(cell.value);
      });
      raw.push(Array.from(values, (c) => c ?? ''));
    }
  }
  return raw;
}

/**
 * The first worksheet of an XLSX workbook, read as a stream: dates become YYYY-MM-DD, formulas their
 * results, and reading stops as soon as the sheet passes the cell ceiling or the parts unpack past
 * their budget, so memory stays bounded by the limits rather than by the file.
 */
export async function parseXlsx(bytes: Buffer, limits: XlsxLimits = XLSX_LIMITS): Promise<ImportTable> {
  let raw: string[][];
  try {
    raw = await readRows(bytes, limits);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof UnpackLimitError) throw tooLarge(limits);
    // A broken archive (ZipError), broken XML, or a part the reader cannot make sense of.
    throw unreadable();
  }
  return toTable(raw);
}
