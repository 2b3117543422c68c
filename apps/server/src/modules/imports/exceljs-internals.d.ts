/**
 * The shared-strings parser of exceljs's workbook loader. The streaming reader has its own, which
 * returns the phonetic guide (furigana) of a Japanese cell instead of its text and leaves Excel's
 * `_x000D_` escapes in place; this one reads a cell's text as loading the whole workbook always did.
 */
declare module 'exceljs/lib/xlsx/xform/strings/shared-strings-xform.js' {
  import type { Readable } from 'node:stream';
  import type ExcelJS from 'exceljs';

  export default class SharedStringsXform {
    parseStream(stream: Readable): Promise<{ values: ExcelJS.CellValue[] }>;
  }
}
