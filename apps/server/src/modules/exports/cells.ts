/**
 * A spreadsheet treats a cell that starts with = + - @ (or a tab or carriage return that hides one)
 * as a formula. Recipient data is typed by anyone, so such text is written with a leading
 * apostrophe: shown as text, never evaluated (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The separators of every locale's CSV (comma; semicolon where the comma is the decimal mark; tab) and line breaks. */
const SEPARATOR_THEN_FORMULA = /([,;\t\r\n])([=+\-@])/g;
const ANY_SEPARATOR = /[,;\t"\r\n]/;

/**
 * A CSV field. Excel and LibreOffice read a file with the list separator of their locale (`,` or
 * `;`), or tab. Every field holding any of them is quoted (`quoteCsvField`), and both programs keep a
 * quoted field whole whichever separator they split on. A reader that does not honour quotes (a text
 * import with the string delimiter set to none, a script that splits lines) still cuts such a field
 * after a separator, and the piece after it becomes a cell of its own: so a formula character right
 * after a separator or a line break gets the same apostrophe as one at the start. Inside a whole field
 * the apostrophe is shown as written, a small price for text of that shape.
 */
export function csvCell(value: string): string {
  return safeCell(value).replace(SEPARATOR_THEN_FORMULA, "$1'$2");
}

/** Quote a field holding a separator of any locale, a quote or a line break (papaparse's `quotes`). */
export const quoteCsvField = (value: unknown): boolean => typeof value === 'string' && ANY_SEPARATOR.test(value);
