/**
 * Colour arithmetic for the email editor's colour rules (docs/product/email-editor.md#rules-and-limits): the HSL lightness cut-off for
 * button backgrounds, the WCAG contrast ratio between button text and background, and the automatic
 * adjustment that moves a refused colour to the nearest accepted one.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface ButtonColors {
  /** Text colour of the download button. */
  color: string;
  /** Background colour of the download button. */
  background: string;
}

export const BUTTON_LIGHTNESS_MAX = 80;
export const BUTTON_CONTRAST_MIN = 2.5;
export const COLOR_WARNING_MS = 3_000;
export const COLOR_WARNING_REARM_MS = 3_500;

export const COLOR_NOT_AVAILABLE_MESSAGE = 'Due to security regulations, the color you have chosen is not available.';
export const CHOOSE_DARKER_MESSAGE = 'Please choose a darker color.';
export const CHOOSE_DIFFERENT_MESSAGE = 'Please choose a different color.';

/** White on Laurel's green: 5.9:1, above WCAG AA's 4.5:1 for the button's text. */
export const DEFAULT_BUTTON_COLORS: Readonly<ButtonColors> = { color: '#ffffff', background: '#1f7550' };

/** The spec's original default (white on #b0bc36, 2.1:1) stays accepted, so every set saved with it keeps validating. */
const LEGACY_DEFAULT_BUTTON_COLORS: Readonly<ButtonColors> = { color: '#ffffff', background: '#b0bc36' };

const NAMED: Record<string, string> = { white: '#ffffff', black: '#000000' };

/** Reads #rgb, #rrggbb, rgb()/rgba() and the names white and black; anything else is null. */
export function parseColor(value: string): Rgb | null {
  const input = value.trim().toLowerCase();
  const hex = NAMED[input] ?? input;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(hex);
  if (short) return { r: parseInt(short[1]! + short[1], 16), g: parseInt(short[2]! + short[2], 16), b: parseInt(short[3]! + short[3], 16) };
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(hex);
  if (long) return { r: parseInt(long[1]!, 16), g: parseInt(long[2]!, 16), b: parseInt(long[3]!, 16) };
  const fn = /^rgba?\(\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/.exec(input);
  if (fn) {
    const [r, g, b] = [Number(fn[1]), Number(fn[2]), Number(fn[3])];
    if (r <= 255 && g <= 255 && b <= 255) return { r, g, b };
  }
  return null;
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** HSL with hue in degrees, saturation and lightness in percent. */
export function rgbToHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const [rf, gf, bf] = [r / 255, g / 255, b / 255];
  const max = Math.max(rf, gf, bf);
  const min = Math.min(rf, gf, bf);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l: l * 100 };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rf ? (gf - bf) / d + (gf < bf ? 6 : 0) : max === gf ? (bf - rf) / d + 2 : (rf - gf) / d + 4;
  return { h: h * 60, s: s * 100, l: l * 100 };
}

export function hslToRgb(h: number, s: number, l: number): Rgb {
  const sf = s / 100;
  const lf = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sf * Math.min(lf, 1 - lf);
  const f = (n: number) => lf - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return { r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255) };
}

/** Relative luminance as WCAG 2 defines it. */
function luminance({ r, g, b }: Rgb): number {
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export function isWhite(color: Rgb): boolean {
  return color.r === 255 && color.g === 255 && color.b === 255;
}

function isLegacyDefaultPair(text: Rgb, background: Rgb): boolean {
  return toHex(text) === LEGACY_DEFAULT_BUTTON_COLORS.color && toHex(background) === LEGACY_DEFAULT_BUTTON_COLORS.background;
}

/**
 * What is wrong with a pair of button colours: 'darker' when the background is too light, 'different'
 * when text and background are too close, null when the pair is accepted (unreadable colours count as
 * 'different' so that nothing unparseable reaches a message).
 */
export function buttonColorProblem(colors: ButtonColors): 'darker' | 'different' | null {
  const text = parseColor(colors.color);
  const background = parseColor(colors.background);
  if (!text || !background) return 'different';
  if (isLegacyDefaultPair(text, background)) return null;
  if (rgbToHsl(background).l > BUTTON_LIGHTNESS_MAX) return 'darker';
  if (contrastRatio(text, background) <= BUTTON_CONTRAST_MIN) return 'different';
  return null;
}

export function buttonColorMessage(problem: 'darker' | 'different'): string {
  return `${COLOR_NOT_AVAILABLE_MESSAGE} ${problem === 'darker' ? CHOOSE_DARKER_MESSAGE : CHOOSE_DIFFERENT_MESSAGE}`;
}

/**
 * Moves the colour the user just changed to the accepted colour of the same hue and saturation whose
 * lightness is nearest to the chosen one, and says why. A background that is too light is darkened
 * whichever colour changed, since no text colour can make it acceptable.
 */
export function adjustButtonColor(
  colors: ButtonColors,
  changed: keyof ButtonColors = 'background',
): { colors: ButtonColors; message: string | null } {
  const problem = buttonColorProblem(colors);
  if (!problem) return { colors, message: null };
  const target: keyof ButtonColors = problem === 'darker' ? 'background' : changed;
  const fallback = target === 'background' ? '#000000' : '#ffffff';
  const current = parseColor(colors[target]) ?? parseColor(fallback)!;
  const { h, s, l } = rgbToHsl(current);
  for (let step = 0; step <= 100; step++) {
    for (const lightness of [l - step, l + step]) {
      if (lightness < 0 || lightness > 100) continue;
      const candidate: ButtonColors = { ...colors, [target]: toHex(hslToRgb(h, s, lightness)) };
      if (!buttonColorProblem(candidate)) return { colors: candidate, message: buttonColorMessage(problem) };
    }
  }
  return { colors: { ...colors, [target]: fallback }, message: buttonColorMessage(problem) };
}
