import { readFileSync } from 'node:fs';
import { bestTextOn, colorContrast, DARK_TEXT, DEFAULT_PORTAL_SETTINGS, LIGHT_TEXT, readableTextOn } from '@laurel/domain';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../src/shared/theme/theme.ts';

describe('colour contrast', () => {
  it('measures as WCAG does', () => {
    expect(colorContrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(colorContrast('#BFC551', '#FFF')).toBeCloseTo(1.85, 1);
    expect(colorContrast('not a colour', '#fff')).toBeNull();
  });

  it('keeps a readable label colour and replaces one that cannot be read', () => {
    expect(readableTextOn('#1f7550', '#ffffff')).toBe('#ffffff');
    // The portal's default button: white on a pale olive is 1.85:1, so the label turns dark.
    expect(readableTextOn('#BFC551', '#FFF')).toBe('#17201a');
    expect(readableTextOn('#0e4530', '#175f41')).toBe('#ffffff');
    expect(readableTextOn('rgb(0,0,0)', '#fff')).toBe('#fff');
  });
});

describe("the portal's button colours", () => {
  it('reach WCAG AA by default: the default button carries its white label at 4.5:1 or more', () => {
    const { background, color } = DEFAULT_PORTAL_SETTINGS.login_button;
    expect(colorContrast(background, color)).toBeGreaterThanOrEqual(4.5);
    // Drawn as chosen: nothing has to be swapped for the default to be read.
    expect(readableTextOn(background, color)).toBe(color);
  });

  it('pick white or near-black for a chosen button colour, whichever contrasts more', () => {
    expect(bestTextOn('#BFC551')).toBe(DARK_TEXT);
    expect(bestTextOn('#F4D03F')).toBe(DARK_TEXT);
    expect(bestTextOn('#FFFFFF')).toBe(DARK_TEXT);
    expect(bestTextOn('#1E3A5F')).toBe(LIGHT_TEXT);
    expect(bestTextOn(DEFAULT_PORTAL_SETTINGS.login_button.background)).toBe(LIGHT_TEXT);
    for (const background of ['#BFC551', '#F4D03F', '#1E3A5F', '#0F766E', '#7C2D12'])
      expect(colorContrast(background, bestTextOn(background))).toBeGreaterThanOrEqual(4.5);
    // A mid grey reads poorly either way (the settings say so); the better of the two is still the one chosen.
    const other = (text: string) => (text === DARK_TEXT ? LIGHT_TEXT : DARK_TEXT);
    expect(colorContrast('#777777', bestTextOn('#777777'))).toBeGreaterThan(colorContrast('#777777', other(bestTextOn('#777777')))!);
    // A colour that cannot be read leaves the label white, as the button's own default.
    expect(bestTextOn('not a colour')).toBe(LIGHT_TEXT);
  });
});

describe("the theme's danger colour", () => {
  // What Mantine draws with: the theme's palettes over its defaults, in the light scheme.
  const palette = { ...DEFAULT_THEME.colors, ...theme.colors }.red;
  const red = (n: number) => palette[n] ?? '';
  const shade = typeof theme.primaryShade === 'object' ? theme.primaryShade.light : theme.primaryShade;
  const ratio = (a: string, b: string) => colorContrast(a, b) ?? 0;
  const white = DEFAULT_THEME.white;

  it('carries white text at 4.5:1 on a filled red button, hovered or not', () => {
    expect(shade).toBeDefined();
    const filled = red(shade!);
    const hover = red(shade === 9 ? 8 : shade! + 1);
    expect(ratio(filled, white)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(hover, white)).toBeGreaterThanOrEqual(4.5);
  });

  it('draws red text that reads at 4.5:1 on white and on the light variant’s tints', () => {
    const css = readFileSync(new URL('../src/shared/theme/global.css', import.meta.url), 'utf8');
    const lightColor = /--mantine-color-red-light-color: var\(--mantine-color-red-(\d)\)/.exec(css);
    expect(lightColor).not.toBeNull();
    const text = red(Number(lightColor![1]));
    // Mantine's light variant sits on shade 1 and turns shade 2 under the pointer.
    expect(ratio(text, red(1))).toBeGreaterThanOrEqual(4.5);
    expect(ratio(text, red(2))).toBeGreaterThanOrEqual(4.5);
    // Red text on white (c="red", field errors) is drawn in the filled shade.
    const error = /--mantine-color-error: (#[0-9a-f]{6})/i.exec(css)![1]!;
    expect(ratio(error, white)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(red(shade!), white)).toBeGreaterThanOrEqual(4.5);
  });
});
