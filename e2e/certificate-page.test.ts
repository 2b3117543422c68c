import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { grantCredits } from '../apps/server/src/modules/credits/ledger.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { startServer, type RunningLaurel } from './helpers/server.ts';

let server: RunningLaurel;
let browser: Browser;
let link: string;

/** The API as the issuer's browser would call it. */
async function call(token: string | null, method: string, url: string, body?: unknown) {
  const response = await server.laurel.app.inject({
    method: method as 'GET', url, headers: { host: `localhost:${server.port}`, ...(token ? { authentication: token } : {}) }, ...(body ? { payload: body as object } : {}),
  });
  return response.json();
}

beforeAll(async () => {
  server = await startServer({ smtp: true });
  browser = await launchBrowser();
  const db = server.laurel.context.db;
  const [account] = await db.insert(accounts).values({ name: 'Harbour Academy', url: 'harbour', allowed_sets: 3, credits: 0 }).returning();
  await db.insert(users).values({ email: 'owner@harbour.example', username: 'owner@harbour.example', roles: ['account_admin'], account_id: account!.id, password_hash: await hashPassword('violet-meadow-lantern-42'), confirmed_at: new Date() });
  const csrf = (await call(null, 'GET', '/api/auth/csrf')).csrf_token;
  const token = (await call(null, 'POST', '/api/auth', { email: 'owner@harbour.example', password: 'violet-meadow-lantern-42', csrf_token: csrf })).token;
  await db.transaction((tx) => grantCredits(tx as never, { accountId: account!.id, bucket: 'payg', amount: 5, kind: 'purchase', at: new Date() }));
  const set = await call(token, 'POST', '/api/certificates', {
    name: 'Sailing Certificate',
    elements: [
      { type: 'text', content: 'Certificate of Competence', styles: { left: '70px', top: '120px', width: '500px', height: '40px', 'font-size': '30px', 'font-family': 'Cinzel', 'text-align': 'center' } },
      { type: 'name', content: '[FIRST NAME] [LAST NAME]', styles: { left: '35px', top: '210px', width: '570px', height: '50px', 'font-size': '40px', 'font-family': 'Great Vibes', 'text-align': 'center' } },
      { type: 'dynamicText', content: 'for completing [COURSE]', styles: { left: '120px', top: '290px', width: '400px', height: '30px', 'font-size': '16px', 'text-align': 'center' } },
    ],
  });
  const project = await call(token, 'POST', '/api/projects', {
    title: 'Summer crew', certificate_id: set.id, recipients: [{ FIRST_NAME: 'Zoë', LAST_NAME: 'Okafor', 'Email Address': 'zoe@example.com', COURSE: 'Coastal Skipper' }],
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
    await expect.poll(() => page.getByTestId('certificate-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
    await screenshot(page, 'certificate-page');

    const pdfUrl = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
    const pdf = await page.request.get(pdfUrl!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-q', '-', '-'], { input: await pdf.body() }).toString();
    expect(text).toContain('Zoë Okafor');
    expect(text).toContain('for completing Coastal Skipper');
    expect(await page.getByRole('link', { name: 'Add to LinkedIn profile' }).getAttribute('href')).toMatch(/^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&name=Sailing%20Certificate/);

    const mobile = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await mobile.goto(link);
    await mobile.getByTestId('verification').waitFor();
    await screenshot(mobile, 'certificate-page-mobile');
  });

  it('says so when a link leads nowhere', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.baseUrl}/c/${'x'.repeat(32)}`);
    await expect.poll(() => page.getByText('Certificate not found').count()).toBeGreaterThan(0);
  });
});
