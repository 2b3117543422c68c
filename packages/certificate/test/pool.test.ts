import { getHeapStatistics } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import type { Recipient } from '../src/index.ts';
import { RenderPool, releaseFileMemory } from '../src/node.ts';
import { asPng, differingShare } from './helpers/compare.ts';
import { sampleDesign, sampleRecipient } from './helpers/sample.ts';
import { run, writeTemp } from './helpers/tools.ts';

const externalMemory = () => (getHeapStatistics() as { external_memory: number }).external_memory;

describe('RenderPool', () => {
  const pool = new RenderPool({ size: 2 });
  afterAll(() => pool.close());

  it('renders PDFs, PNGs and JPEGs on worker threads, sending each design once', async () => {
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
    const jpeg = await pool.renderPng(design, sampleRecipient, { width: 320, format: 'jpeg' });
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(differingShare(await asPng(jpeg), png)).toBeLessThan(0.001);
  });

  it('frees a PDF it handed over once the caller releases it, and leaves views into other memory alone', async () => {
    const pdf = await pool.renderPdf(sampleDesign(), sampleRecipient);
    expect(pdf.length).toBeGreaterThan(1000);
    // V8's count of memory outside the heap, which schedules this thread's collections, drops by the file's size.
    const held = externalMemory();
    const size = pdf.length;
    expect(releaseFileMemory(pdf)).toBe(true);
    expect(pdf.length).toBe(0);
    expect(held - externalMemory()).toBeGreaterThanOrEqual(size);
    // A slice shares a larger buffer, and a small Buffer lives in Node's shared slab: neither is freed.
    const whole = Buffer.alloc(64 * 1024, 1);
    expect(releaseFileMemory(whole.subarray(1024))).toBe(false);
    expect(whole.length).toBe(64 * 1024);
    const small = Buffer.from('%PDF-');
    expect(releaseFileMemory(small)).toBe(false);
    expect(small.toString()).toBe('%PDF-');
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
    await expect(pool.renderPdf(broken, sampleRecipient)).rejects.toThrow('An image in this design could not be read');
    // The worker survives the error and keeps rendering.
    expect((await pool.renderPdf(sampleDesign(), sampleRecipient)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stops a job past its time limit, replaces the worker and runs the jobs queued behind it', async () => {
    // Three seconds leave a fresh worker room for its first certificate on a busy machine, where the
    // queued job runs after the replacement starts.
    const limited = new RenderPool({ size: 1, timeLimitMs: 3000 });
    try {
      // Twenty thousand pages in one document take far longer than three seconds; one certificate well under one.
      const heavy = limited.prepare(sampleDesign()).renderMany(Array.from({ length: 20_000 }, (): Recipient => sampleRecipient));
      const light = limited.renderPdf(sampleDesign(), sampleRecipient);
      await expect(heavy).rejects.toMatchObject({
        code: 'render_timeout',
        message: 'Rendering took too long (more than 3 seconds) and was stopped. Simplify the design and try again.',
      });
      expect((await light).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await limited.close();
    }
  });

  it('fails a job that outgrows the worker heap and keeps rendering', async () => {
    // 64 MB is room for one certificate; 40,000 recipients of 4,000 characters each (160 MB once the
    // worker holds them) are not. A lower ceiling would fail a fresh worker's first render too.
    const small = new RenderPool({ size: 1, memoryLimitMb: 64 });
    try {
      const course = 'x'.repeat(4000);
      const recipients = Array.from({ length: 40_000 }, (): Recipient => ({ ...sampleRecipient, fields: { Course: course } }));
      const many = small.prepare(sampleDesign()).renderMany(recipients);
      await expect(many).rejects.toMatchObject({ code: 'render_memory' });
      expect((await small.renderPdf(sampleDesign(), sampleRecipient)).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await small.close();
    }
  });
});
