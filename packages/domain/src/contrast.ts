import { contrastRatio, parseColor } from './email-design/button-colors.ts';

/**
 * Colour contrast as WCAG 2.2 measures it, for colours an account chooses (its portal's button, drawn by the
 * app and by the server-rendered portal sign-in): picking a button colour proposes the label colour that reads
 * best on it, and the product keeps a chosen label colour when it can be read and picks a readable one when it
 * cannot (docs/decisions/0073-first-hour-small-fixes.md).
 */

/** The contrast ratio of two colours written as CSS does (1 to 21); null when either cannot be read. */
export function colorContrast(a: string, b: string): number | null {
  const [first, second] = [parseColor(a), parseColor(b)];
  return first && second ? contrastRatio(first, second) : null;
}

/** The contrast WCAG 2.2 AA asks of text on its background (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

/** The two label colours the product chooses between: near-black and white. */
export const DARK_TEXT = '#17201a';
export const LIGHT_TEXT = '#ffffff';

/** Near-black or white, whichever contrasts more with `background` (white when it cannot be measured). */
export function bestTextOn(background: string): string {
  return (colorContrast(background, DARK_TEXT) ?? 0) > (colorContrast(background, LIGHT_TEXT) ?? 0) ? DARK_TEXT : LIGHT_TEXT;
}

/**
 * The text colour to draw on `background`: `preferred` when it reaches 4.5:1 (WCAG 1.4.3) or when either
 * colour cannot be measured, else near-black or white, whichever reads better.
 */
export function readableTextOn(background: string, preferred: string): string {
  const ratio = colorContrast(background, preferred);
  if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return preferred;
  return bestTextOn(background);
}
