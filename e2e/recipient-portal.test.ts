import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../apps/server/src/db/schema.ts';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer } from './helpers/issuer.ts';
import { type RunningLaurel, startServer } from './helpers/server.ts';

/**
 * A recipient on an issuer's portal host: a real send, the first-time registration through the emailed
 * link, sign-in, the certificate with a memo and a copy by email; then an account whose recipients need
 * no sign-in, opened by the address alone. Portal hosts are `{url}.localhost`, mapped to this machine.
 */

let server: RunningLaurel;
let browser: Browser;
const stamp = Date.now();
const holder = `hana.${stamp}@example.com`;
const openHolder = `otto.${stamp}@example.com`;
const PORTAL_PASSWORD = 'harbour-lights-at-dusk-7';
const CUSTOM_TEXT = 'Questions about your certificate? Write to the harbour office.';

/** Sends one certificate from an account to an address and waits until it arrives. */
async function sendTo(
  issuer: { token: string; sets: { id: number }[] },
  title: string,
  person: { first: string; last: string; email: string },
) {
  const call = apiOf(server);
  const project = await call(issuer.token, 'POST', '/api/projects', {
    title,
    certificate_id: issuer.sets[0]!.id,
    recipients: [{ FIRST_NAME: person.first, LAST_NAME: person.last, 'Email Address': person.email, COURSE: 'Coastal Navigation' }],
  });
  await call(issuer.token, 'POST', `/api/projects/${project.id}/send-emails`, { sender_name: 'Acme Sailing' });
  await server.smtp!.waitFor((m) => JSON.stringify(m.to).includes(person.email), 60_000);
}

beforeAll(async () => {
  server = await startServer({ smtp: true });
  browser = await launchBrowser(['--host-resolver-rules=MAP *.localhost 127.0.0.1']);
  const acme = await createIssuer(server, {
    email: `admin.${stamp}@example.com`,
    account: { name: 'Acme Sailing', url: 'acme', allowed_sets: 3, plan: 'enterprise-monthly-3' },
    credits: 10,
    sets: ['Coastal Skipper'],
  });
  // The account's words for its recipients, written for the sign-in.
  const call = apiOf(server);
  const look = (await call(acme.token, 'GET', '/api/accounts/portal-settings')).portal_settings;
  look.custom_text.text = CUSTOM_TEXT;
  await call(acme.token, 'POST', '/api/accounts/portal-settings', { portal_settings: look });
  await sendTo(acme, 'Spring skippers', { first: 'Hana', last: 'Holm', email: holder });
  const open = await createIssuer(server, {
    email: `open.${stamp}@example.com`,
    account: { name: 'Open Harbour', url: 'openharbour', allowed_sets: 3, plan: 'basic-monthly-3' },
    credits: 5,
    sets: ['Harbour Pilot'],
  });
  await server.laurel.context.db.update(accounts).set({ recipients_no_login: true }).where(eq(accounts.id, open.accountId));
  await sendTo(open, 'Pilots', { first: 'Otto', last: 'Berg', email: openHolder });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const portal = (url: string, path: string) => `http://${url}.localhost:${server.port}${path}`;

async function newPage(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  return context.newPage();
}

async function portalSignIn(page: Page, password: string) {
  await page.goto(portal('acme', '/portal/login'));
  await page.getByLabel('Email').fill(holder);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('the recipient portal', () => {
  it('registers a recipient through the emailed link, shows the certificate, keeps a memo and emails it again', async () => {
    const page = await newPage(1280, 900);
    await portalSignIn(page, 'anything-at-all-1');
    // No sign-in yet for this address: the first-time form takes over, the address kept, and no name asked again.
    await page.getByRole('heading', { name: 'Create your portal sign-in' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(holder);
    expect(await page.getByLabel('First name').count()).toBe(0);
    expect(await page.getByText(CUSTOM_TEXT).count()).toBe(1);
    await screenshot(page, 'portal-first-time');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await screenshot(page, 'portal-first-time-sent');

    const mail = await server.smtp!.waitFor((m) => JSON.stringify(m.to).includes(holder) && /set-password/.test(m.text ?? ''));
    const link = /http:\/\/acme\.localhost:\d+\/portal\/set-password\?code=[\w-]+/.exec(mail.text ?? '')![0];
    await page.goto(link);
    await page.getByLabel('New password').fill(PORTAL_PASSWORD);
    await page.getByLabel('Confirm password').fill(PORTAL_PASSWORD);
    const terms = page.getByLabel('I agree to the Terms of Service');
    if (await terms.count()) await terms.check();
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/portal\/certificates$/);

    const card = page.getByRole('article').filter({ hasText: 'Acme Sailing' });
    await card.waitFor();
    expect(await card.getByText('Acme Sailing').count()).toBeGreaterThan(0);
    // The sign-in took the certificate's name.
    await page.getByRole('button', { name: /Account menu of Hana Holm/ }).waitFor();
    // The card offers the PDF and LinkedIn; the list pages twelve at a time; the sign-in's text is not repeated under it.
    expect(await card.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toMatch(/\/api\/c\/[\w-]+\/pdf$/);
    expect(await card.getByRole('link', { name: 'Add to LinkedIn' }).getAttribute('href')).toMatch(/\/api\/c\/[\w-]+\/linkedin$/);
    expect(await page.getByRole('combobox', { name: 'Certificates per page' }).inputValue()).toBe('12');
    expect(await page.getByText(CUSTOM_TEXT).count()).toBe(0);
    await expect
      .poll(() =>
        card
          .getByRole('img', { name: /certificate of Hana Holm/ })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);

    await card.getByLabel('Memo').fill('Framed above my desk');
    await card.getByRole('button', { name: 'Save memo' }).click();
    await page.getByText('Memo saved').waitFor();

    const before = server.smtp!.messages.filter((m) => JSON.stringify(m.to).includes(holder)).length;
    await card.getByRole('button', { name: 'Email it to me again' }).click();
    await page.getByText('Email sent.').waitFor();
    await expect
      .poll(() => server.smtp!.messages.filter((m) => JSON.stringify(m.to).includes(holder)).length, { timeout: 30_000 })
      .toBe(before + 1);
    await screenshot(page, 'portal-certificates-desktop');
    await expectAccessible(page, "the portal's certificates");

    // The memo stays, and is what the search finds.
    await page.reload();
    await page.getByLabel('Search certificates').fill('above my desk');
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    expect(await page.getByRole('article').getByLabel('Memo').inputValue()).toBe('Framed above my desk');
  });

  it('signs the holder in with the password they chose, at phone width', async () => {
    const page = await newPage(390, 844);
    await page.goto(portal('acme', '/portal/login'));
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await screenshot(page, 'portal-login-phone');
    await expectAccessible(page, "the portal's sign-in");
    await portalSignIn(page, 'not-the-password-9');
    await page.getByText('Email or password is incorrect.').waitFor();
    await page.getByLabel('Password').fill(PORTAL_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/portal\/certificates$/);
    await page.getByRole('article').filter({ hasText: 'Acme Sailing' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'portal-certificates-phone');
  });

  it('opens the list by address alone on an account whose recipients need no sign-in, and says so of an unknown portal', async () => {
    const page = await newPage(1280, 900);
    await page.goto(portal('openharbour', `/portal/login?email=${encodeURIComponent(openHolder)}`));
    const card = page.getByRole('article').filter({ hasText: 'Open Harbour' });
    await card.waitFor();
    expect(await card.getByLabel('Memo').count()).toBe(0);
    await screenshot(page, 'portal-no-login-list');

    await page.goto(portal('nobody-here', '/portal/login'));
    await page.getByRole('heading', { name: 'This portal does not exist.' }).waitFor();
  });
});
