import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CertificateDesign, layoutSide, type Recipient, resolveFace } from '../src/index.ts';
import { faceFilePath, nodeFontProvider, renderPdf, renderPng } from '../src/node.ts';
import { launchChromium, screenshotLayout } from './helpers/chromium.ts';
import { differingShare } from './helpers/compare.ts';
import { sampleDesign, sampleRecipient } from './helpers/sample.ts';
import { rasterisePdf, writeTemp } from './helpers/tools.ts';

const MAX_DIFFERING = 0.01;

const recipients: [string, Recipient][] = [
  ['accented Latin', sampleRecipient],
  ['Arabic', { ...sampleRecipient, firstName: 'محمد', lastName: 'عبد الله' }],
  ['Hebrew', { ...sampleRecipient, firstName: 'דוד', lastName: 'כהן' }],
  ['Chinese', { ...sampleRecipient, firstName: '李', lastName: '小龙' }],
  ['Japanese', { ...sampleRecipient, firstName: 'さくら', lastName: '山田' }],
  ['long name (font fit)', { ...sampleRecipient, firstName: 'Maximiliane Alexandra', lastName: 'von Oberhausen' }],
];

let browser: Browser;
let page: Page;
// Launching Chromium on a busy two-core machine can take longer than the default hook timeout.
beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
}, 60_000);
afterAll(async () => {
  await browser?.close();
}, 60_000);

describe('PNG matches the builder display in Chromium', () => {
  const design = sampleDesign();
  it.each(recipients)('%s', async (_label, recipient) => {
    const layout = layoutSide(design, 'front', recipient, nodeFontProvider);
    const chromium = await screenshotLayout(page, layout);
    const png = await renderPng(design, recipient);
    expect(differingShare(png, chromium)).toBeLessThanOrEqual(MAX_DIFFERING);
  });

  it('portrait A4 with a rotated background', async () => {
    const portrait = sampleDesign('A4', true);
    const layout = layoutSide(portrait, 'front', sampleRecipient, nodeFontProvider);
    const share = differingShare(await renderPng(portrait, sampleRecipient), await screenshotLayout(page, layout));
    expect(share).toBeLessThanOrEqual(MAX_DIFFERING);
  });
});

describe('PDF rasterised matches the PNG', () => {
  // Compared at 1280 px, the size of high-density previews: at 640 px Poppler's image scaler widens the
  // 2x background by about half a pixel, which alone moves its thin frame lines out of tolerance.
  it.each([...recipients.slice(0, 3), recipients[4]!])('%s', async (_label, recipient) => {
    const design = sampleDesign();
    const png = await renderPng(design, recipient, { width: 1280 });
    const pdfPath = writeTemp('fidelity.pdf', renderPdf(design, recipient));
    const raster = await rasterisePdf(pdfPath, 792, 1280, 988);
    expect(differingShare(png, raster)).toBeLessThanOrEqual(MAX_DIFFERING);
  });

  it('without a background, at the canvas size', async () => {
    const design = sampleDesign();
    design.elements.shift();
    const png = await renderPng(design, sampleRecipient);
    const raster = await rasterisePdf(writeTemp('plain.pdf', renderPdf(design, sampleRecipient)), 792, 640, 494);
    expect(differingShare(png, raster)).toBeLessThanOrEqual(MAX_DIFFERING);
  });
});

/** Texts, fonts and widths where line breaks are easy to get wrong. */
const breakCases: { text: string; family: string; weight?: number; size: number; width: number; align: string }[] = [
  {
    text: 'This certificate is awarded for outstanding achievement in the course of advanced studies',
    family: 'Open Sans',
    size: 18,
    width: 250,
    align: 'center',
  },
  {
    text: 'has successfully completed the course Advanced Certificate Design with distinction, demonstrating outstanding commitment and skill.',
    family: 'Open Sans',
    size: 15,
    width: 400,
    align: 'center',
  },
  {
    text: 'In recognition of exemplary leadership, dedication and service to the community throughout the year',
    family: 'Playfair Display',
    size: 22,
    width: 380,
    align: 'center',
  },
  { text: 'Awarded to Zoë Müller-Lüdenscheidt-Westphalen for excellence', family: 'Great Vibes', size: 36, width: 300, align: 'left' },
  { text: 'CERTIFICATE OF COMPLETION AWARDED WITH HIGHEST HONOURS', family: 'Cinzel', size: 28, width: 420, align: 'center' },
  {
    text: 'Presented on the twenty-second day of November, two thousand and twenty-six, at the annual ceremony',
    family: 'EB Garamond',
    size: 17,
    width: 300,
    align: 'right',
  },
  {
    text: 'The board of directors hereby confirms that the recipient has fulfilled all requirements (including the final exam).',
    family: 'Montserrat',
    weight: 700,
    size: 14,
    width: 260,
    align: 'left',
  },
  {
    text: 'For her unwavering commitment, creativity, and kindness—qualities that inspire everyone around her',
    family: 'Lora',
    size: 19,
    width: 330,
    align: 'center',
  },
  { text: 'Dancing through the finest moments of the season with grace', family: 'Dancing Script', size: 30, width: 280, align: 'center' },
  { text: 'Oswald condensed headline that wraps across several narrow lines here', family: 'Oswald', size: 24, width: 200, align: 'left' },
  {
    text: 'Merriweather body text for a course certificate with long words: internationalisation, responsibilities',
    family: 'Merriweather',
    size: 16,
    width: 310,
    align: 'left',
  },
  {
    text: 'Raleway: with thanks for ten years of service to the Laurel family of volunteers',
    family: 'Raleway',
    size: 20,
    width: 290,
    align: 'center',
  },
];

describe('line breaks agree with Chromium laying out the same text natively', () => {
  it.each(breakCases)('$family $size px in $width px', async (c) => {
    const face = resolveFace(c.family, c.weight ?? 400, false);
    const html = `<!doctype html><meta charset="utf-8"><style>
@font-face{font-family:"f";src:url("http://laurel.test/font")}
body{margin:0}#t{font-family:"f";font-size:${c.size}px;width:${c.width}px;text-align:${c.align};line-height:normal}</style><div id="t">${c.text}</div>`;
    await page.unroute('**/*');
    await page.route('**/*', (route) =>
      route.request().url().endsWith('/font')
        ? route.fulfill({ body: readFileSync(faceFilePath(face)), contentType: 'font/ttf' })
        : route.fulfill({ body: html, contentType: 'text/html' }),
    );
    await page.goto('http://laurel.test/');
    await page.evaluate(() => document.fonts.ready);
    const browserLines = await page.evaluate(() => {
      const node = document.getElementById('t')!.firstChild as Text;
      const range = document.createRange();
      const lines: string[] = [];
      let top = -Infinity;
      for (let i = 0; i < node.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (rect.top > top + 1) {
          lines.push('');
          top = rect.top;
        }
        lines[lines.length - 1] += node.data[i] ?? '';
      }
      return lines.map((l) => l.trimEnd());
    });
    const design = sampleDesign();
    design.elements = [
      {
        ...design.elements[2]!,
        content: c.text,
        styles: {
          left: '0px',
          top: '0px',
          width: `${c.width}px`,
          'font-family': c.family,
          'font-size': `${c.size}px`,
          'text-align': c.align,
          'font-weight': String(c.weight ?? 400),
        },
      },
    ];
    const item = layoutSide(design, 'front', undefined, nodeFontProvider).items[0];
    const ours = item?.kind === 'text' ? item.lines.map((l) => l.runs.map((r) => r.text).join('')) : [];
    expect(ours).toEqual(browserLines);
  });
});

describe('the layout engine in the browser', () => {
  it('bundles for the browser and lays out exactly as in Node', async () => {
    const bundle = await build({
      entryPoints: [join(import.meta.dirname, '../src/index.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'Laurel',
      platform: 'browser',
      logLevel: 'silent',
    });
    const script = bundle.outputFiles[0]!.text;
    const design: CertificateDesign = sampleDesign();
    const recipient = { ...sampleRecipient, firstName: 'محمد', lastName: 'Müller さくら' };
    const faces = Object.values(layoutSide(design, 'front', recipient, nodeFontProvider).faces);
    const files = new Map(faces.map((f) => [`http://laurel.test/fonts/${f.file}`, faceFilePath(f)]));
    await page.unroute('**/*');
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.endsWith('/laurel.js')) return route.fulfill({ body: script, contentType: 'text/javascript' });
      const file = files.get(url);
      if (file) return route.fulfill({ body: readFileSync(file), contentType: 'font/ttf' });
      return route.fulfill({ body: '<!doctype html><script src="/laurel.js"></script>', contentType: 'text/html' });
    });
    await page.goto('http://laurel.test/');
    const inBrowser = await page.evaluate(
      async ({ design, recipient, faces }) => {
        const L = (globalThis as unknown as { Laurel: typeof import('../src/index.ts') }).Laurel;
        const loaded = await Promise.all(
          faces.map(async (face) => ({ face, bytes: await (await fetch(`/fonts/${face.file}`)).arrayBuffer() })),
        );
        return JSON.stringify(L.layoutSide(design, 'front', recipient, L.createFontProvider(loaded)));
      },
      { design, recipient, faces },
    );
    const inNode = JSON.stringify(layoutSide(design, 'front', recipient, nodeFontProvider));
    expect(JSON.parse(inBrowser)).toEqual(JSON.parse(inNode));
  });
});
