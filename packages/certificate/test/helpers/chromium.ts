import { readFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { faceFilePath } from '../../src/fonts/node-fonts.ts';
import type { Layout } from '../../src/layout/types.ts';
import { renderHtml } from '../../src/render/html/render-html.ts';

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

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

const ORIGIN = 'http://laurel.test';

/**
 * Screenshot of a layout as the builder displays it (renderHtml), at the canvas size. Requests to a fake
 * origin are answered from memory and disk by the page's router, so fonts load as they would from the
 * server and nothing leaves the machine.
 */
export async function screenshotLayout(page: Page, layout: Layout): Promise<Buffer> {
  const html = renderHtml(layout, { fontUrl: (face) => `${ORIGIN}/fonts/${face.id}` });
  const files = new Map(Object.values(layout.faces).map((face) => [`${ORIGIN}/fonts/${face.id}`, faceFilePath(face)]));
  await page.unroute('**/*');
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (url === `${ORIGIN}/`) return route.fulfill({ contentType: 'text/html', body: html });
    const file = files.get(url);
    if (file) return route.fulfill({ contentType: 'font/ttf', body: readFileSync(file), headers: { 'access-control-allow-origin': '*' } });
    return route.abort();
  });
  await page.setViewportSize({ width: layout.width, height: layout.height });
  await page.goto(`${ORIGIN}/`);
  await page.evaluate(() => document.fonts.ready);
  return page.screenshot({ clip: { x: 0, y: 0, width: layout.width, height: layout.height } });
}
