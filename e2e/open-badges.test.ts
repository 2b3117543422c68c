import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, signIn } from './helpers/issuer.ts';
import { type RunningLaurel, startServer } from './helpers/server.ts';

/**
 * Tried as a new issuer would: send a certificate to yourself, download its PDF from the certificate page,
 * drop it on the public verify page and see it valid; revoke it in the store, drop it again, see it revoked.
 */

const OWNER = 'mira@harbour.example';
let server: RunningLaurel;
let browser: Browser;
let link: string;
let projectId: number;

beforeAll(async () => {
  server = await startServer({ smtp: true });
  browser = await launchBrowser();
  const { token, sets } = await createIssuer(server, {
    email: OWNER,
    account: { name: 'Harbour Academy', url: 'harbour', allowed_sets: 3, plan: 'basic-monthly-3' },
    credits: 5,
    admin: { first_name: 'Mira', last_name: 'Haddad' },
    sets: ['Sailing Certificate'],
  });
  const call = apiOf(server);
  const project = await call(token, 'POST', '/api/projects', {
    title: 'Trial run',
    certificate_id: sets[0]!.id,
    recipients: [{ FIRST_NAME: 'Mira', LAST_NAME: 'Haddad', 'Email Address': OWNER, COURSE: 'Coastal Skipper' }],
  });
  projectId = project.id;
  await call(token, 'POST', `/api/projects/${project.id}/send-emails`, { sender_name: 'Harbour Academy' });
  const mail = await server.smtp!.waitFor((m) => JSON.stringify(m.to).includes(OWNER), 60_000);
  link = /http:\/\/localhost:\d+\/c\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function dropOnVerifyPage(page: Page, file: string) {
  await page.goto(`${server.baseUrl}/verify`);
  await page.getByLabel('Certificate file', { exact: true }).setInputFiles(file);
  return page.getByRole('status').filter({ hasText: 'Checked:' });
}

describe('a certificate that proves itself', () => {
  it('is downloaded from its page, dropped on the verify page as valid, and as revoked once revoked', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('link', { name: 'Download verifiable credential (JSON)' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
    const pdf = path.join(mkdtempSync(path.join(tmpdir(), 'laurel-download-')), download.suggestedFilename());
    await download.saveAs(pdf);
    expect(pdf).toMatch(/\.pdf$/);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');

    const verdict = await dropOnVerifyPage(page, pdf);
    await verdict.getByRole('heading', { name: 'Genuine and valid' }).waitFor();
    expect(await verdict.getByText('Valid', { exact: true }).count()).toBe(1);
    for (const fact of ['Mira Haddad', 'Harbour Academy', 'Awarded', 'Issued on'])
      expect(await verdict.getByText(fact).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'the verify page with a valid file');
    await screenshot(page, 'verify-file-valid', { fullPage: true });

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const small = await phone.newPage();
    await (await dropOnVerifyPage(small, pdf)).getByRole('heading', { name: 'Genuine and valid' }).waitFor();
    await screenshot(small, 'verify-file-valid-mobile', { fullPage: true });
    await phone.close();

    // The issuer revokes it in the store.
    const store = await signIn(browser, server, OWNER);
    await store.goto(`${server.baseUrl}/store/projects/${projectId}`);
    const row = store.getByRole('table', { name: 'Recipients' }).getByRole('row').filter({ hasText: 'Mira Haddad' });
    await row.getByRole('button', { name: 'Actions for Mira Haddad' }).click();
    await store.getByRole('menuitem', { name: 'Revoke' }).click();
    await store.getByRole('dialog', { name: 'Revoke this certificate?' }).getByRole('button', { name: 'Revoke' }).click();
    await store.getByText('Certificate revoked').waitFor();

    const again = await dropOnVerifyPage(page, pdf);
    await again.getByRole('heading', { name: 'Revoked by its issuer' }).waitFor();
    expect(await again.getByText('Revoked', { exact: true }).count()).toBe(1);
    await screenshot(page, 'verify-file-revoked', { fullPage: true });

    // A file with no credential in it is named as such.
    await page.goto(`${server.baseUrl}/verify`);
    await page
      .getByLabel('Certificate file', { exact: true })
      .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('[1, 2]') });
    await page.getByRole('status').filter({ hasText: 'Not a credential' }).waitFor();
    await expectAccessible(page, 'the verify page with a file that is not a credential');
    await context.close();
  });
});
