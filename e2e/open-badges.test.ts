import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../apps/server/src/db/schema.ts';
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
let setId: number;
let ownerToken: string;
/** The PDF as first issued, downloaded in the first journey. */
let firstPdf: string;

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
  ownerToken = token;
  setId = sets[0]!.id;
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
    firstPdf = pdf;

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

    // The same credential in a file Laurel did not hand out (here the PDF rewritten by another tool) is not called
    // genuine: the page says what the credential vouches for and shows the certificate as issued beside it.
    const rewritten = path.join(path.dirname(pdf), 'rewritten.pdf');
    execFileSync('qpdf', [pdf, '--object-streams=generate', rewritten]);
    const altered = await dropOnVerifyPage(page, rewritten);
    await altered.getByRole('heading', { name: 'The document is not the one issued' }).waitFor();
    await altered.getByText('This file carries the genuine credential of Mira Haddad').waitFor();
    await altered.getByRole('img', { name: 'The certificate as issued to Mira Haddad' }).waitFor();
    await expectAccessible(page, 'the verify page with a file that is not the one issued');
    await screenshot(page, 'verify-file-not-issued', { fullPage: true });

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

  it('names the PDF of a certificate corrected since an earlier version, with a link to the current certificate', async () => {
    const [mira] = await server.laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId));
    const saved = await apiOf(server)(ownerToken, 'PUT', `/api/recipients/${mira!.id}`, { first_name: 'Myra' });
    expect(saved.success, JSON.stringify(saved)).toBe(true);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const verdict = await dropOnVerifyPage(page, firstPdf);
    await verdict.getByRole('heading', { name: 'An earlier version' }).waitFor();
    expect(await verdict.getByText('Superseded', { exact: true }).count()).toBe(1);
    expect(await verdict.getByRole('link', { name: 'See the current certificate' }).getAttribute('href')).toBe(link);
    await expectAccessible(page, 'the verify page with an earlier version');
    await screenshot(page, 'verify-file-superseded', { fullPage: true });
    await context.close();
  });

  it('describes the achievement in the set’s settings, and the next credential carries it', async () => {
    const page = await signIn(browser, server, OWNER);
    await page.goto(`${server.baseUrl}/build`);
    await page.getByRole('button', { name: 'Actions for Sailing Certificate' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Certificate set settings' });
    await dialog.getByLabel('Description').fill('Coastal skippering to RYA standard, day and night.');
    await dialog.getByLabel('Criteria').fill('Passed the practical exam on the water.');
    await expectAccessible(page, 'the set settings dialog');
    await screenshot(page, 'set-settings-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const call = apiOf(server);
    const project = await call(ownerToken, 'POST', '/api/projects', {
      title: 'Second run',
      certificate_id: setId,
      recipients: [{ FIRST_NAME: 'Ana', LAST_NAME: 'Lobo', 'Email Address': 'ana@harbour.example', COURSE: 'Day Skipper' }],
    });
    await call(ownerToken, 'POST', `/api/projects/${project.id}/send-emails`, { sender_name: 'Harbour Academy' });
    const mail = await server.smtp!.waitFor((m) => JSON.stringify(m.to).includes('ana@harbour.example'), 60_000);
    const token = /\/c\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
    const credential = await (await fetch(`${server.baseUrl}/api/c/${token}/credential`)).json();
    expect(credential.credentialSubject.achievement).toMatchObject({
      name: 'Sailing Certificate',
      description: 'Coastal skippering to RYA standard, day and night.',
      criteria: { narrative: 'Passed the practical exam on the water.' },
    });
    await page.context().close();
  });
});
