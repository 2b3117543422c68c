import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../apps/server/src/db/schema.ts';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

let link: string;
let issuerToken: string;

const journey = useJourney({ smtp: true });
beforeAll(async () => {
  const { token, sets } = await createIssuer(journey.server, {
    email: 'owner@harbour.example',
    account: { name: 'Harbour Academy', url: 'harbour', allowed_sets: 3 },
    credits: 5,
    sets: ['Sailing Certificate'],
  });
  issuerToken = token;
  const call = apiOf(journey.server);
  const set = sets[0]!;
  const project = await call(token, 'POST', '/api/projects', {
    title: 'Summer crew',
    certificate_id: set.id,
    recipients: [{ FIRST_NAME: 'Zoë', LAST_NAME: 'Okafor', 'Email Address': 'zoe@example.com', COURSE: 'Coastal Skipper' }],
  });
  await call(token, 'POST', `/api/projects/${project.id}/send-emails`, { sender_name: 'Laurel Academy' });
  const mail = await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes('zoe@example.com'));
  link = /http:\/\/localhost:\d+\/c\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
});

/** What the page weighs on the wire at phone width, by kind (HTML, CSS, JS, image), for the record. */
async function bytesByKind(page: Page): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    const kind = type.includes('html')
      ? 'html'
      : type.includes('css')
        ? 'css'
        : type.includes('javascript')
          ? 'js'
          : type.startsWith('image/')
            ? 'image'
            : 'other';
    pending.push(
      response.body().then(
        (body) => {
          sizes[kind] = (sizes[kind] ?? 0) + body.length;
        },
        () => undefined,
      ),
    );
  });
  await page.goto(link);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return sizes;
}

describe('the recipient’s certificate page', () => {
  it('shows the certificate, its verification, and downloads the issued PDF', async () => {
    const context = await journey.browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    const response = await page.goto(link);
    expect(response!.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Zoë Okafor' }).waitFor();
    const verification = page.getByRole('region', { name: /Verified by Laurel/ });
    expect(await verification.getByText('Valid', { exact: true }).count()).toBe(1);
    expect(await verification.getByText('Harbour Academy').count()).toBe(1);
    const image = page.getByRole('img', { name: 'Sailing Certificate awarded to Zoë Okafor by Harbour Academy' });
    // The browser picks the 800 px WebP for the 704 px column; its box was sized before it arrived.
    await expect
      .poll(() =>
        image.evaluate((img: HTMLImageElement) => {
          const src = new URL(img.currentSrc);
          return img.complete && img.naturalWidth > 0 && `${src.pathname.split('/').pop()} ${src.searchParams.get('width')}`;
        }),
      )
      .toBe('image.webp 800');
    await expectAccessible(page, 'the certificate page');
    await screenshot(page, 'certificate-page');

    // Copying the link puts the page's address on the clipboard and says so.
    await page.getByRole('button', { name: 'Copy link to share' }).click();
    await page.getByRole('button', { name: 'Link has been copied to clipboard' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const pdfUrl = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
    const pdf = await page.request.get(pdfUrl!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-q', '-', '-'], { input: await pdf.body() }).toString();
    expect(text).toContain('Zoë Okafor');
    expect(text).toContain('for completing Coastal Skipper');
    // The button goes through Laurel, which counts the first add, then on to LinkedIn's form.
    const linkedIn = await page.getByRole('link', { name: 'Add to LinkedIn profile' }).getAttribute('href');
    const hop = await page.request.get(linkedIn!, { maxRedirects: 0 });
    expect(hop.status()).toBe(302);
    expect(hop.headers().location).toMatch(/^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&name=/);

    // Link previews (LinkedIn, Slack, chats) read the page's head without running it.
    const html = await (await fetch(link)).text();
    expect(html).toContain('<title>Sailing Certificate – Zoë Okafor</title>');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/api\/c\/[A-Za-z0-9_-]+\/image\.jpg\?width=1200" \/>/);
    const preview = await page.request.get(/content="([^"]+image\.jpg[^"]*)"/.exec(html)![1]!.replace(/&amp;/g, '&'));
    expect(preview.headers()['content-type']).toBe('image/jpeg');

    const tablet = await (await journey.browser.newContext({ viewport: { width: 768, height: 1024 } })).newPage();
    await tablet.goto(link);
    await tablet.getByRole('region', { name: /Verified by Laurel/ }).waitFor();
    await screenshot(tablet, 'certificate-page-tablet');

    const mobile = await (await journey.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const bytes = await bytesByKind(mobile);
    console.info(`certificate page at 390 px, bytes by kind: ${JSON.stringify(bytes)}`);
    expect(bytes.js ?? 0).toBeLessThan(150_000);
    expect(bytes.image).toBeLessThan(100_000);
    await screenshot(mobile, 'certificate-page-mobile');
  });

  it('finds the certificate from the number printed on it and the last name, at phone width', async () => {
    const token = link.split('/c/')[1]!;
    const { certificate_number: number } = await (await fetch(`${journey.server.baseUrl}/api/c/${token}`)).json();
    const page = await (await journey.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${journey.server.baseUrl}/verify`);
    await page.getByLabel('Certificate number').fill(number);
    await page.getByLabel("Recipient's last name").fill('Okafr');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('No certificate matches this number and last name', { exact: false }).waitFor();
    await screenshot(page, 'verify-no-match');
    await page.getByLabel("Recipient's last name").fill('okafor');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`**/c/${token}`);
    await page
      .getByRole('region', { name: /Verified by Laurel/ })
      .getByText('Valid', { exact: true })
      .waitFor();
  });

  it('says so when a link leads nowhere, with a 404', async () => {
    const page = await (await journey.browser.newContext()).newPage();
    const response = await page.goto(`${journey.server.baseUrl}/c/${'x'.repeat(32)}`);
    expect(response!.status()).toBe(404);
    await page.getByRole('heading', { name: 'Certificate not found' }).waitFor();
    await expectAccessible(page, 'the certificate-not-found page');
    await screenshot(page, 'certificate-not-found');
  });

  it('says REVOKED when the issuer revoked it: no download, the date and reason, a marked image', async () => {
    const certificateToken = link.split('/c/')[1]!;
    const [recipient] = await journey.server.laurel.context.db.select().from(recipients).where(eq(recipients.token, certificateToken));
    await apiOf(journey.server)(issuerToken, 'POST', `/api/recipients/${recipient!.id}/revoke`, { reason: 'Course requirements not met' });
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await (await journey.browser.newContext({ viewport })).newPage();
      await page.goto(link);
      const verification = page.getByRole('region', { name: /Revoked by its issuer/ });
      expect(await verification.getByText('Revoked', { exact: true }).count()).toBe(1);
      expect(await page.getByText('Verified by Laurel').count()).toBe(0);
      // "Revoked on {date}: {reason}", in one sentence.
      expect(await verification.getByText(/^Revoked on [A-Z][a-z]+ \d{1,2}, \d{4}: Course requirements not met$/).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Download PDF' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Add to LinkedIn profile' }).count()).toBe(0);
      await page.getByRole('img', { name: 'Sailing Certificate awarded to Zoë Okafor by Harbour Academy (revoked)' }).waitFor();
      expect(await page.getByText('REVOKED', { exact: true }).isVisible()).toBe(true);
      if (viewport.width > 400) await expectAccessible(page, 'a revoked certificate');
      await screenshot(page, viewport.width > 400 ? 'certificate-revoked' : 'certificate-revoked-mobile');
    }
    const pdf = await fetch(`${journey.server.baseUrl}/api/c/${certificateToken}/pdf`, { redirect: 'manual' });
    expect(pdf.status).toBe(303);
  });
});
