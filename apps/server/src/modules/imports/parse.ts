import { isValidEmail } from '@laurel/domain';
import Papa from 'papaparse';
import { badRequest } from '../../http/errors.ts';

/** The separators the import dialog offers (docs/product/send-wizard.md#screens). */
export const DELIMITERS = [',', ';', ':', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export interface ImportTable {
  headers: string[];
  rows: string[][];
}

export const IMPORT_LIMITS = { rows: 50_000, columns: 100, cell: 2_000 } as const;

/**
 * Text of an uploaded CSV: UTF-8 with or without BOM, UTF-16 with BOM, and — for files saved by older
 * spreadsheet programs — Windows-1252 when the bytes are not valid UTF-8.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/**
 * A first row is a header when none of its cells is an email address or a number, and its
 * non-empty cells are distinct: data rows of a recipient list almost always hold an address.
 */
export function looksLikeHeader(row: string[]): boolean {
  const cells = row.map((c) => c.trim()).filter(Boolean);
  if (!cells.length) return false;
  if (cells.some((c) => isValidEmail(c) || /^[\d.,/\-\s]+$/.test(c))) return false;
  return new Set(cells.map((c) => c.toLowerCase())).size === cells.length;
}

/** Rows as found, trimmed and cut to the limits, with a header row named or generated. */
export function toTable(raw: string[][]): ImportTable {
  // NUL characters mean nothing in a name or address, and PostgreSQL cannot store them.
  const rows = raw
    .map((r) =>
      r.map((c) =>
        String(c ?? '')
          .replaceAll('\u0000', '')
          .trim()
          .slice(0, IMPORT_LIMITS.cell),
      ),
    )
    .filter((r) => r.some(Boolean));
  if (!rows.length) throw badRequest('The file has no rows to import.', { error_type: 'empty' });
  const width = Math.max(...rows.map((r) => r.length));
  if (width > IMPORT_LIMITS.columns)
    throw badRequest(`The file has ${width} columns; at most ${IMPORT_LIMITS.columns} can be imported.`, { error_type: 'columns' });
  const hasHeader = looksLikeHeader(rows[0]!);
  const headers = hasHeader ? rows[0]!.map((h, i) => h || `Column ${i + 1}`) : Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
  while (headers.length < width) headers.push(`Column ${headers.length + 1}`);
  const data = (hasHeader ? rows.slice(1) : rows).map((r) => headers.map((_, i) => r[i] ?? ''));
  if (data.length > IMPORT_LIMITS.rows)
    throw badRequest(`The file has ${data.length} rows; at most ${IMPORT_LIMITS.rows} can be imported at once.`, { error_type: 'rows' });
  return { headers, rows: data };
}

const OLD_EXCEL_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters an imported cell may not keep
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/**
 * Text exported by a spreadsheet holds no control characters but tabs and line ends; a file with
 * more than a few is an image, a PDF or another binary file, which would otherwise "import" as noise.
 */
function assertTextFile(bytes: Buffer, text: string): void {
  if (bytes.subarray(0, 4).equals(OLD_EXCEL_SIGNATURE)) {
    throw badRequest('Old Excel files (.xls) cannot be read: save the sheet as .xlsx or .csv and import it again.', {
      error_type: 'parse',
    });
  }
  const controls = text.match(CONTROL_CHARACTERS)?.length ?? 0;
  if (controls > text.length / 200) {
    throw badRequest('There was an error parsing import file: it is neither a CSV text file nor an XLSX workbook.', {
      error_type: 'parse',
    });
  }
}

/** CSV with quoted fields (separators and line breaks inside quotes); the separator is guessed unless given. */
export function parseCsv(bytes: Buffer, delimiter?: Delimiter): ImportTable {
  const text = decodeText(bytes);
  assertTextFile(bytes, text);
  const result = Papa.parse<string[]>(text, {
    delimiter: delimiter ?? '',
    delimitersToGuess: [...DELIMITERS],
    skipEmptyLines: 'greedy',
  });
  const fatal = result.errors.find((e) => e.type === 'Quotes');
  if (fatal)
    throw badRequest(`There was an error parsing import file: ${fatal.message} (row ${(fatal.row ?? 0) + 1}).`, { error_type: 'parse' });
  return toTable(result.data);
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** XLSX files are ZIP archives; everything else is read as delimited text. */
export const isXlsx = (bytes: Buffer) => bytes.subarray(0, 4).equals(ZIP_SIGNATURE);
