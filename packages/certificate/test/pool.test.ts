import { afterAll, describe, expect, it } from 'vitest';
import { RenderPool } from '../src/node.ts';
import { sampleDesign, sampleRecipient } from './helpers/sample.ts';
import { run, writeTemp } from './helpers/tools.ts';

describe('RenderPool', () => {
  const pool = new RenderPool({ size: 2 });
  afterAll(() => pool.close());

  it('renders PDFs and PNGs on worker threads, sending each design once', async () => {
    const design = sampleDesign();
    const names = ['Anaïs', 'Björn', 'Çağla', 'Đorđe', 'Émile', 'Fiona'];
    const pdfs = await Promise.all(names.map((firstName) => pool.renderPdf(design, { ...sampleRecipient, firstName })));
    for (const [i, pdf] of pdfs.entries()) {
      const path = writeTemp('pool.pdf', pdf);
      expect(run('qpdf', ['--check', path])).toContain('No syntax or stream encoding errors found');
      expect(run('pdftotext', [path, '-'])).toContain(`${names[i]} Müller-Lüdenscheidt`);
    }
    const png = await pool.renderPng(design, sampleRecipient, { width: 320 });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(320);
  });

  it('replaces a worker that dies and keeps rendering', async () => {
    const workers = (pool as unknown as { workers: { worker: { terminate(): Promise<number> } }[] }).workers;
    await workers[0]!.worker.terminate();
    const pdfs = await Promise.all([1, 2, 3, 4].map(() => pool.renderPdf(sampleDesign(), sampleRecipient)));
    for (const pdf of pdfs) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reports a rendering error as a rejection', async () => {
    const broken = sampleDesign();
    broken.elements[0]!.content = 'data:image/png;base64,AAAA';
    await expect(pool.renderPdf(broken, sampleRecipient)).rejects.toThrow('Unsupported image format');
    // The worker survives the error and keeps rendering.
    expect((await pool.renderPdf(sampleDesign(), sampleRecipient)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
