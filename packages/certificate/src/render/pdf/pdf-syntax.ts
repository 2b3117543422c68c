/**
 * PDF's object syntax, written directly as text: numbers, names, text strings and dates. Everything these
 * return is printable ASCII, so a document's text parts are one byte a character.
 */

/** A number as a dictionary entry: at most six decimals, no exponent, no "-0". */
export const pdfNumber = (value: number): string => {
  const rounded = Math.round(value * 1e6) / 1e6;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

/** A coordinate in page content: three decimals are a thousandth of a point, finer than any device. */
export const pdfCoordinate = (value: number): string => {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

/** `/Name`, with every character outside the regular ones written as #xx (e.g. a MIME type's slash). */
export const pdfName = (name: string): string =>
  `/${Buffer.from(name, 'utf8')
    .toString('latin1')
    .replace(/[^!-~]|[#%()/<>[\]{}]/g, (c) => `#${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}`;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * A text string (titles, alternative and actual text, file names): a literal string when it is printable
 * ASCII, else UTF-16BE with its byte order mark, written in hex.
 */
export function pdfText(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return `(${text.replace(/[\\()]/g, '\\$&')})`;
  let hex = '<feff';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `${hex}>`;
}

/** A byte string in hex, e.g. a file's MD5 checksum or the document's identifier. */
export const pdfBytes = (bytes: Uint8Array): string => `<${Buffer.from(bytes).toString('hex')}>`;

/** A date as PDF writes it, in UTC: D:YYYYMMDDHHmmSSZ. */
export const pdfDate = (date: Date): string => `(D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z)`;

/** A CIDFont's W entry for widths by CID from 0: `[0 [w0 w1 ...]]`, each to a hundredth of a unit. */
export const pdfWidths = (widths: readonly number[]): string =>
  `[0 [${Array.from(widths, (w) => pdfNumber(Math.round((w ?? 0) * 100) / 100)).join(' ')}]]`;
