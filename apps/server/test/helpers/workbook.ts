import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/** A workbook of `rows` recipients and `columns` columns, written as a stream the way large files are. */
export async function workbook(
  rows: number,
  columns: number,
  value: (row: number, column: number) => string | number | null,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true });
  const sheet = book.addWorksheet('Recipients');
  sheet.addRow(Array.from({ length: columns }, (_, i) => (i === 0 ? 'Name' : i === 1 ? 'Email' : `Field ${i + 1}`))).commit();
  for (let r = 0; r < rows; r++) sheet.addRow(Array.from({ length: columns }, (_, c) => value(r, c))).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
