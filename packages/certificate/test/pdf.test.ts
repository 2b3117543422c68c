import { describe, expect, it } from 'vitest';
import { newDesign, PAGE_FORMATS } from '../src/index.ts';
import { createPdfRenderer, renderPdf } from '../src/node.ts';
import { sampleDesign, sampleRecipient, text } from './helpers/sample.ts';
import { run, writeTemp } from './helpers/tools.ts';

describe('PDF output', () => {
  const pdf = renderPdf(sampleDesign(), sampleRecipient);
  const path = writeTemp('sample.pdf', pdf);

  it('passes qpdf --check', () => {
    expect(run('qpdf', ['--check', path])).toContain('No syntax or stream encoding errors found');
  });

  it('embeds subset fonts with Unicode maps, one per face used', () => {
    const rows = run('pdffonts', [path]).trim().split('\n').slice(2);
    const fonts = rows.map((row) => {
      const cols = row.trim().split(/\s+/);
      return { name: cols[0]!, emb: cols.at(-5), sub: cols.at(-4), uni: cols.at(-3) };
    });
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'OpenSans-Italic',
      'OpenSans-Regular',
      'PlayfairDisplay-Bold',
      'PlayfairDisplay-Regular',
    ]);
    for (const f of fonts) expect([f.emb, f.sub, f.uni]).toEqual(['yes', 'yes', 'yes']);
  });

  it('has real, selectable text: the recipient name (accented) and merged fields', () => {
    const text = run('pdftotext', ['-layout', path, '-']);
    expect(text).toContain('Zoë Müller-Lüdenscheidt');
    expect(text).toContain('Certificate of Achievement');
    expect(text).toContain('LAU-2026-000123');
    expect(text).toContain('November 22, 2027');
    expect(text.replace(/\s+/g, ' ')).toContain('course Advanced Certificate Design with distinction');
  });

  it('extracts Arabic, Hebrew, Chinese and Japanese names from the fallback fonts', () => {
    for (const [firstName, lastName] of [
      ['محمد', 'علي'],
      ['דוד', 'כהן'],
      ['李', '小龙'],
      ['さくら', '山田'],
    ] as const) {
      const file = writeTemp('script.pdf', renderPdf(sampleDesign(), { ...sampleRecipient, firstName, lastName }));
      const out = run('pdftotext', [file, '-']);
      for (const part of [firstName, lastName]) expect(out).toContain(part);
      expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors found');
    }
  });

  it.each(PAGE_FORMATS.flatMap((format) => [false, true].map((portrait) => [format, portrait] as const)))(
    'uses the exact page size for %s (portrait: %s)',
    (format, portrait) => {
      const sizes = { Letter: [612, 792], A4: [595.28, 841.89], Legal: [612, 1008] } as const;
      const [w, h] = sizes[format];
      const file = writeTemp('size.pdf', renderPdf(newDesign(format, portrait), sampleRecipient));
      const info = run('pdfinfo', ['-box', file]);
      const [, x0, y0, x1, y1] = /MediaBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(info)!.map(Number);
      expect([x0, y0]).toEqual([0, 0]);
      expect(x1).toBeCloseTo(portrait ? w : h, 2);
      expect(y1).toBeCloseTo(portrait ? h : w, 2);
    },
  );

  it('puts the back side on page 2 when two-sided', () => {
    const design = { ...newDesign(), use_two_side: true, back_side_elements: [text('Back side terms', { top: '40px' })] };
    const file = writeTemp('two-sided.pdf', renderPdf(design, sampleRecipient));
    expect(run('pdfinfo', [file])).toMatch(/Pages:\s+2/);
    expect(run('pdftotext', ['-f', '2', '-l', '2', file, '-'])).toContain('Back side terms');
    expect(run('pdftotext', ['-f', '1', '-l', '1', file, '-'])).toContain('Zoë Müller-Lüdenscheidt');
  });

  it('reuses one encoded subset across documents of a design', () => {
    const renderer = createPdfRenderer(sampleDesign());
    const first = renderer.render(sampleRecipient);
    const second = renderer.render({ ...sampleRecipient, firstName: 'Anaïs', lastName: 'Dubois' });
    // Same font programs byte for byte: the subset was not rebuilt for the second name.
    const programs = (pdf: Buffer) => pdf.toString('latin1').match(/\/Length1 \d+/g);
    expect(programs(second)).toEqual(programs(first));
    expect(run('pdftotext', [writeTemp('second.pdf', second), '-'])).toContain('Anaïs Dubois');
  });
});
