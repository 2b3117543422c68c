/// <reference path="../types/linebreak.d.ts" />
import LineBreaker from 'linebreak';

/**
 * Greedy line breaking at UAX 14 opportunities. A line's width is measured without its trailing spaces,
 * which CSS lets hang past the edge; a word wider than the box stays on a line of its own and overflows,
 * as it does in the browser. Returns the lines without trailing spaces.
 */
export function breakParagraph(text: string, maxWidth: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  const breaker = new LineBreaker(text);
  let start = 0;
  let lastFit: number | undefined;
  for (let br = breaker.nextBreak(); br; br = breaker.nextBreak()) {
    // A small tolerance absorbs float noise: the browser compares in 1/64 px units.
    if (lastFit !== undefined && measure(text.slice(start, br.position).trimEnd()) > maxWidth + 1 / 64) {
      lines.push(text.slice(start, lastFit).trimEnd());
      start = lastFit;
    }
    lastFit = br.position;
  }
  lines.push(text.slice(start).trimEnd());
  return lines;
}

/** Collapses white space as CSS `white-space: normal` does, keeping hard line breaks. */
export function collapseWhiteSpace(text: string): string[] {
  return text.split(/\r?\n/).map((p) => p.replace(/[ \t\f\r]+/g, ' ').replace(/^ /, ''));
}
