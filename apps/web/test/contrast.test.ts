import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn } from '../src/lib/contrast.ts';

describe('colour contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#BFC551', '#FFF')).toBeCloseTo(1.85, 1);
    expect(contrastRatio('not a colour', '#fff')).toBeNull();
  });

  it('keeps a readable label colour and replaces one that cannot be read', () => {
    expect(readableTextOn('#1f7550', '#ffffff')).toBe('#ffffff');
    // The portal's default button: white on a pale olive is 1.85:1, so the label turns dark.
    expect(readableTextOn('#BFC551', '#FFF')).toBe('#17201a');
    expect(readableTextOn('#0e4530', '#175f41')).toBe('#ffffff');
    expect(readableTextOn('rgb(0,0,0)', '#fff')).toBe('#fff');
  });
});
