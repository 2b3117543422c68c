const NAMED: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  gray: '#808080',
  grey: '#808080',
  navy: '#000080',
  maroon: '#800000',
  gold: '#ffd700',
  silver: '#c0c0c0',
};

/** Normalises a CSS colour to "#rrggbb" (alpha is dropped: certificates are opaque print). */
export function cssColor(value: string | undefined, fallback = '#000000'): string {
  if (!value) return fallback;
  const v = value.trim().toLowerCase();
  if (NAMED[v]) return NAMED[v];
  let m = /^#([0-9a-f]{3})$/.exec(v);
  if (m) return `#${[...m[1]!].map((c) => c + c).join('')}`;
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/.exec(v);
  if (m) return `#${m[1]}`;
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(v);
  if (rgb)
    return `#${rgb
      .slice(1, 4)
      .map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0'))
      .join('')}`;
  return fallback;
}

/** Reads url(...) from a background-image value. */
export function cssUrl(value: string | undefined): string | undefined {
  const m = value ? /url\(\s*['"]?([^'")]+)['"]?\s*\)/.exec(value) : null;
  return m ? m[1] : undefined;
}
