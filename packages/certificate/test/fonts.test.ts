import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_FONTS,
  certificateFontFamilies,
  createFontProvider,
  FALLBACK_FONTS,
  facesToLoad,
  fontFileName,
  layoutSide,
  newDesign,
  resolveFace,
} from '../src/index.ts';
import { fontFilePath, loadFace, nodeFontProvider, registerCustomFont, renderPdf } from '../src/node.ts';
import { sampleDesign, text } from './helpers/sample.ts';
import { run, writeTemp } from './helpers/tools.ts';

describe('font registry', () => {
  it('offers about 85 certificate families with OFL or Apache licences, Open Sans among them', () => {
    expect(CERTIFICATE_FONTS.length).toBeGreaterThanOrEqual(85);
    expect(certificateFontFamilies()).toContain('Open Sans');
    for (const family of [
      'Great Vibes',
      'Dancing Script',
      'Playfair Display',
      'Cinzel',
      'EB Garamond',
      'Lora',
      'Merriweather',
      'Montserrat',
      'Raleway',
      'Roboto',
      'Lato',
      'Oswald',
    ]) {
      expect(certificateFontFamilies()).toContain(family);
    }
    for (const entry of [...CERTIFICATE_FONTS, ...FALLBACK_FONTS]) expect(['OFL-1.1', 'Apache-2.0']).toContain(entry.licence);
  });

  it('lists every family and its licence in docs/fonts.md', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/fonts.md'), 'utf8');
    for (const entry of [...CERTIFICATE_FONTS, ...FALLBACK_FONTS])
      expect(doc).toContain(`| ${entry.family} | \`@expo-google-fonts/${entry.pkg}\` | ${entry.licence} |`);
  });

  it('has a TTF on disk for every regular face, and each parses', () => {
    for (const entry of CERTIFICATE_FONTS) {
      const path = fontFilePath(entry.family);
      expect(existsSync(path), path).toBe(true);
      expect(loadFace(resolveFace(entry.family)).font.unitsPerEm).toBeGreaterThan(0);
    }
  });

  it('maps family, weight and style to files like CSS font matching', () => {
    expect(fontFileName('Open Sans')).toBe('open-sans/400Regular/OpenSans_400Regular.ttf');
    expect(fontFileName("'Lora', serif", 700, true)).toBe('lora/700Bold_Italic/Lora_700Bold_Italic.ttf');
    // Great Vibes has one face: bold and italic requests use it rather than failing.
    expect(fontFileName('Great Vibes', 700, true)).toBe('great-vibes/400Regular/GreatVibes_400Regular.ttf');
    // Cinzel has no 300: a light request takes the nearest lighter-or-heavier face.
    expect(fontFileName('Cinzel', 300)).toBe('cinzel/400Regular/Cinzel_400Regular.ttf');
    expect(fontFileName('No Such Font')).toBe('open-sans/400Regular/OpenSans_400Regular.ttf');
  });

  it('parses each file once per process', () => {
    expect(loadFace(resolveFace('Lato'))).toBe(loadFace(resolveFace('Lato')));
  });
});

describe('fonts for the browser and custom fonts', () => {
  it('lists the faces a design needs, fallbacks only for scripts that appear', () => {
    const ids = (sample: string) =>
      facesToLoad(sampleDesign(), sample)
        .map((f) => f.id)
        .sort();
    expect(ids('Zoë')).toEqual([
      'open-sans-400Regular',
      'open-sans-400Regular_Italic',
      'playfair-display-400Regular',
      'playfair-display-700Bold',
    ]);
    expect(ids('محمد 李')).toEqual(
      expect.arrayContaining(['noto-sans-arabic-400Regular', 'noto-sans-arabic-700Bold', 'noto-sans-sc-400Regular']),
    );
    expect(ids('محمد')).not.toContain('noto-sans-sc-400Regular');
  });

  it('builds a provider from bytes, and names a face it was not given', () => {
    const face = resolveFace('Lora');
    const provider = createFontProvider([{ face, bytes: readFileSync(fontFilePath('Lora')) }]);
    expect(provider.face('Lora', 400, false).font.familyName).toBe('Lora');
    expect(() => provider.face('Cinzel', 400, false)).toThrow('Font not loaded: Cinzel');
  });

  it('lays out and embeds an account custom font registered by file', () => {
    registerCustomFont('Acme Brand', fontFilePath('Cinzel'));
    const design = { ...newDesign(), elements: [text('Acme Academy', { 'font-family': 'Acme Brand' })] };
    const layout = layoutSide(design, 'front', undefined, nodeFontProvider);
    const item = layout.items[0];
    expect(item?.kind === 'text' && item.lines[0]!.runs[0]!.faceId).toBe('custom-Acme_Brand');
    const fonts = run('pdffonts', [writeTemp('custom.pdf', renderPdf(design, undefined))]);
    expect(fonts).toContain('Cinzel-Regular');
  });
});
