import { readFileSync } from 'node:fs';
import { type CertificateDesign, layoutSide, type Recipient, renderHtml } from '@laurel/certificate';
import { faceFilePath, JPEG_QUALITY, nodeFontProvider } from '@laurel/certificate/node';
import { chromium, type Page } from 'playwright-core';

/** Debian's Chromium kept off the network, as the tests launch it. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const ORIGIN = 'http://laurel.bench';

export interface ChromiumTimes {
  pdfMs: number;
  pngMs: number;
  /** A screenshot as JPEG at the quality Laurel's JPEGs use. */
  jpegMs: number;
}

/**
 * The browser baseline: the same certificates as HTML (the builder's display) through one warm headless
 * Chromium page, page.pdf and a screenshot (PNG, then JPEG) each. Fonts are served from memory to the page's router.
 */
export async function chromiumBaseline(design: CertificateDesign, recipients: Recipient[]): Promise<ChromiumTimes> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 640, height: 494 } });
    const fonts = new Map<string, Buffer>();
    const html = (recipient: Recipient) => {
      const layout = layoutSide(design, 'front', recipient, nodeFontProvider);
      for (const face of Object.values(layout.faces)) if (!fonts.has(face.id)) fonts.set(face.id, readFileSync(faceFilePath(face)));
      return renderHtml(layout, { fontUrl: (face) => `${ORIGIN}/fonts/${face.id}` });
    };
    await page.route(`${ORIGIN}/**`, (route) => {
      const id = route.request().url().slice(`${ORIGIN}/fonts/`.length);
      return route.fulfill({ body: fonts.get(id)!, contentType: 'font/ttf' });
    });
    const load = async (page: Page, recipient: Recipient) => {
      await page.setContent(html(recipient), { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
    };
    // Warm the page: fonts decoded, code paths compiled.
    for (const recipient of recipients.slice(0, 3)) {
      await load(page, recipient);
      await page.pdf({ width: '11in', height: '8.5in', scale: 1056 / 640, printBackground: true });
      await page.screenshot();
    }
    let start = performance.now();
    for (const recipient of recipients) {
      await load(page, recipient);
      await page.pdf({ width: '11in', height: '8.5in', scale: 1056 / 640, printBackground: true, pageRanges: '1' });
    }
    const pdfMs = (performance.now() - start) / recipients.length;
    start = performance.now();
    for (const recipient of recipients) {
      await load(page, recipient);
      await page.screenshot({ type: 'png' });
    }
    const pngMs = (performance.now() - start) / recipients.length;
    await page.screenshot({ type: 'jpeg', quality: JPEG_QUALITY });
    start = performance.now();
    for (const recipient of recipients) {
      await load(page, recipient);
      await page.screenshot({ type: 'jpeg', quality: JPEG_QUALITY });
    }
    const jpegMs = (performance.now() - start) / recipients.length;
    return { pdfMs, pngMs, jpegMs };
  } finally {
    await browser.close();
  }
}
