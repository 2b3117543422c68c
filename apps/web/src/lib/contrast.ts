/**
 * Colour contrast as WCAG 2.2 measures it, for colours an account chooses (its portal's button): the
 * product keeps their choice when it can be read and picks a readable one when it cannot.
 */

/** `#rgb` or `#rrggbb` to its relative luminance; null for anything else. */
function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const digits = m[1]!.length === 3 ? [...m[1]!].map((d) => d + d).join('') : m[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (1 to 21); null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const DARK = '#17201a';
const LIGHT = '#ffffff';

/**
 * The text colour to draw on `background`: `preferred` when it reaches 4.5:1 (WCAG 1.4.3) or when either
 * colour cannot be measured, else near-black or white, whichever reads better.
 */
export function readableTextOn(background: string, preferred: string): string {
  const ratio = contrastRatio(background, preferred);
  if (ratio === null || ratio >= 4.5) return preferred;
  return (contrastRatio(background, DARK) ?? 0) >= (contrastRatio(background, LIGHT) ?? 0) ? DARK : LIGHT;
}
