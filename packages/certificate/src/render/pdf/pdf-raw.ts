/**
 * A value written into a pdfkit dictionary as PDF text made beforehand. pdfkit converts every number of an
 * object each time a document is written; a font's widths array (hundreds of numbers, the same in every
 * document that embeds the subset) is made once instead. pdfkit writes a value of a kind it does not know
 * with its `toString()`, which is what this relies on: the tag keeps it from being taken for a dictionary.
 */
export class PdfRaw {
  readonly [Symbol.toStringTag] = 'PdfRaw';
  constructor(private readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Numbers as PDF wants them, as pdfkit writes them: at most six decimals. */
const pdfNumber = (value: number) => String(Math.round(value * 1e6) / 1e6);

/** A CIDFont's W entry for widths by CID from 0: `[0 [w0 w1 ...]]`. */
export const pdfWidths = (widths: readonly number[]) =>
  new PdfRaw(`[0 [${Array.from(widths, (w) => pdfNumber(Math.round((w ?? 0) * 100) / 100)).join(' ')}]]`);
