import { contrastRatio, parseColor } from './email-design/button-colors.ts';

/**
 * Colour contrast as WCAG 2.2 measures it, for colours an account chooses (its portal's button, drawn by the
 * app and by the server-rendered portal sign-in): the product keeps their choice when it can be read and
 * picks a readable one when it cannot.
 */

/** The contrast ratio of two colours written as CSS does (1 to 21); null when either cannot be read. */
export function colorContrast(a: string, b: string): number | null {
  const [first, second] = [parseColor(a), parseColor(b)];
  return first && second ? contrastRatio(first, second) : null;
}

const DARK = '#17201a';
const LIGHT = '#ffffff';

/**
 * The text colour to draw on `background`: `preferred` when it reaches 4.5:1 (WCAG 1.4.3) or when either
 * colour cannot be measured, else near-black or white, whichever reads better.
 */
export function readableTextOn(background: string, preferred: string): string {
  const ratio = colorContrast(background, preferred);
  if (ratio === null || ratio >= 4.5) return preferred;
  return (colorContrast(background, DARK) ?? 0) >= (colorContrast(background, LIGHT) ?? 0) ? DARK : LIGHT;
}
