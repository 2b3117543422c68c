/**
 * A spreadsheet treats a cell that starts with = + - @ (or a tab or carriage return that hides one)
 * as a formula. Recipient data is typed by anyone, so such text is written with a leading
 * apostrophe: shown as text, never evaluated (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
