import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeCertificateEmail } from '../../src/mail/certificate-email/index.ts';
import { executableFindings } from './html-safety.ts';
import { sampleInput } from './sample.ts';

const ARTIFACTS = fileURLToPath(new URL('../../../../e2e/artifacts/', import.meta.url));

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="56" viewBox="0 0 200 56">
<circle cx="28" cy="28" r="24" fill="#2f4a2a"/><text x="28" y="36" font-family="Georgia" font-size="24" fill="#fff" text-anchor="middle">N</text>
<text x="62" y="25" font-family="Georgia" font-size="18" fill="#2f4a2a">Northwind</text><text x="62" y="45" font-family="Arial" font-size="12" letter-spacing="3" fill="#6b7280">ACADEMY</text></svg>`;
const BANNER = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360" viewBox="0 0 1200 360">
<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#2f4a2a"/><stop offset="1" stop-color="#b0bc36"/></linearGradient></defs>
<rect width="1200" height="360" fill="url(#g)"/><text x="600" y="200" font-family="Georgia" font-size="64" fill="#fff" text-anchor="middle">Class of 2026</text></svg>`;

const BODY = `<h2 style="margin:0 0 12px;font-size:22px">Congratulations, [FIRST NAME]!</h2>
<p>You have completed <strong>[COURSE NAME]</strong> at [ACCOUNT_NAME]. Your certificate is valid until <em>[EXPIRATION DATE]</em>.</p>
<p><img src="https://files.laurel.test/uploads/banner.png" alt="Class of 2026" width="1200"></p>
<ul><li>View and download it as a PDF</li><li>Add it to your LinkedIn profile</li><li>Share it with <a href="https://northwind.example/alumni">the alumni network</a></li></ul>
<p style="text-align:center">[DOWNLOAD_CERTIFICATE_LINK]</p>
<p>Questions? Reply to this email or write to [ACCOUNT_EMAIL].</p>`;

interface Measurements {
  scrollWidth: number;
  images: { loaded: boolean; width: number }[];
  button: number;
}
/** Runs in the page; a string because the server's TypeScript setup has no DOM types. */
const MEASURE = `({
  scrollWidth: document.documentElement.scrollWidth,
  images: [...document.images].map((img) => ({ loaded: img.complete && img.naturalWidth > 0, width: img.getBoundingClientRect().width })),
  button: document.querySelector('a[href^="https://laurel.test/c/"]')?.getBoundingClientRect().width ?? 0,
})`;

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('the composed email in a browser', () => {
  const input = sampleInput({
    design: { email_body: BODY, show_linkedin: true, linkedin_org_id: '1337', footer_socials: { showIcons: 'yes', pinterest: 'yes' } },
  });
  input.links.signUpUrl = 'https://laurel.test/register';
  const html = composeCertificateEmail(input).html!;

  it('is safe to display as it is', () => {
    expect(executableFindings(html)).toEqual([]);
  });

  it.each([600, 360])('renders at %i px without sideways scrolling', async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 900 }, javaScriptEnabled: false });
    try {
      await page.route('**/*', (route) => {
        const url = route.request().url();
        const svg = url.endsWith('/logos/northwind.png') ? LOGO : url.endsWith('/uploads/banner.png') ? BANNER : null;
        return svg ? route.fulfill({ contentType: 'image/svg+xml', body: svg }) : route.abort();
      });
      await page.setContent(html, { waitUntil: 'load' });
      const size = await page.evaluate<Measurements>(MEASURE);
      expect(size.scrollWidth).toBeLessThanOrEqual(width);
      expect(size.images.every((i) => i.loaded)).toBe(true);
      expect(Math.max(...size.images.map((i) => i.width))).toBeLessThanOrEqual(Math.min(width, 600) - 2 * 32);
      expect(size.button).toBeGreaterThan(150);
      await page.screenshot({ path: `${ARTIFACTS}email-${width}.png`, fullPage: true });
    } finally {
      await page.close();
    }
  });
});
