import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../apps/server/src/db/schema.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer } from './helpers/issuer.ts';
import { type RunningLaurel, startServer } from './helpers/server.ts';

let server: RunningLaurel;
let browser: Browser;
let link: string;
let issuerToken: string;

beforeAll(async () => {
  server = await startServer({ smtp: true });
  browser = await launchBrowser();
  const { token, sets } = await createIssuer(server, {
    email: 'owner@harbour.example',
    account: { name: 'Harbour Academy', url: 'harbour', allowed_sets: 3 },
    credits: 5,
    sets: ['Sailing Certificate'],
  });
  issuerToken = token;
  const call = apiOf(server);
  const set = sets[0]!;
  const project = await call(token, 'POST', '/api/projects', {
    title: 'Summer crew',
    certificate_id: set.id,
    recipients: [{ FIRST_NAME: 'Zoë', LAST_NAME: 'Okafor', 'Email Address': 'zoe@example.com', COURSE: 'Coastal Skipper' }],
  });
  await call(token, 'POST', `/api/projects/${project.id}/send-emails`, { sender_name: 'Laurel Academy' });
  const mail = await server.smtp!.waitFor((m) => JSON.stringify(m.to).includes('zoe@example.com'));
  link = /http:\/\/localhost:\d+\/c\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the recipient’s certificate page', () => {
  it('shows the certificate, its verification, and downloads the issued PDF', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(link);
    await expect.poll(() => page.getByTestId('recipient-name').textContent()).toBe('Zoë Okafor');
    expect(await page.getByTestId('certificate-status').textContent()).toBe('Valid');
    await expect
      .poll(() => page.getByTestId('certificate-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1280);
    await screenshot(page, 'certificate-page');

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
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/api\/c\/[A-Za-z0-9_-]+\/image\.png\?width=1200" \/>/);
    const preview = await page.request.get(/content="([^"]+image\.png[^"]*)"/.exec(html)![1]!.replace(/&amp;/g, '&'));
    expect(preview.headers()['content-type']).toBe('image/png');

    const mobile = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await mobile.goto(link);
    await mobile.getByTestId('verification').waitFor();
    await screenshot(mobile, 'certificate-page-mobile');
  });

  it('finds the certificate from the number printed on it and the last name, at phone width', async () => {
    const token = link.split('/c/')[1]!;
    const { certificate_number: number } = await (await fetch(`${server.baseUrl}/api/c/${token}`)).json();
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`${server.baseUrl}/verify`);
    await page.getByLabel('Certificate number').fill(number);
    await page.getByLabel("Recipient's last name").fill('Okafr');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('No certificate matches this number and last name', { exact: false }).waitFor();
    await screenshot(page, 'verify-no-match');
    await page.getByLabel("Recipient's last name").fill('okafor');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`**/c/${token}`);
    await expect.poll(() => page.getByTestId('certificate-status').textContent()).toBe('Valid');
  });

  it('says so when a link leads nowhere', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.baseUrl}/c/${'x'.repeat(32)}`);
    await expect.poll(() => page.getByText('Certificate not found').count()).toBeGreaterThan(0);
  });

  it('says REVOKED when the issuer revoked it: no download, the date and reason, a marked image', async () => {
    const certificateToken = link.split('/c/')[1]!;
    const [recipient] = await server.laurel.context.db.select().from(recipients).where(eq(recipients.token, certificateToken));
    await apiOf(server)(issuerToken, 'POST', `/api/recipients/${recipient!.id}/revoke`, { reason: 'Course requirements not met' });
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await (await browser.newContext({ viewport })).newPage();
      await page.goto(link);
      await expect.poll(() => page.getByTestId('certificate-status').textContent()).toBe('Revoked');
      expect(await page.getByText('Verified by Laurel').count()).toBe(0);
      expect(await page.getByText('Course requirements not met').count()).toBe(1);
      expect(await page.getByText('Revoked on').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Download PDF' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Add to LinkedIn profile' }).count()).toBe(0);
      await page.getByTestId('revoked-stamp').waitFor();
      await screenshot(page, viewport.width > 400 ? 'certificate-revoked' : 'certificate-revoked-mobile');
    }
    const pdf = await fetch(`${server.baseUrl}/api/c/${certificateToken}/pdf`, { redirect: 'manual' });
    expect(pdf.status).toBe(303);
  });
});
