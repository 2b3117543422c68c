import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, PASSWORD } from './helpers/issuer.ts';
import { type RunningLaurel, startServer } from './helpers/server.ts';

/**
 * The credentials portal at credentials.localhost (docs/product/credentials-portal.md#screens): a holder sent certificates by two issuers
 * registers, sets the password from the mailed link, finds both, and filters them by issuer; on each
 * issuer's own portal the same sign-in finds that issuer's certificate only.
 */

let server: RunningLaurel;
let browser: Browser;
const holder = `rita.${Date.now()}@example.com`;
const stamp = Date.now().toString(36);

/** Both issuers send the holder a certificate; the first also sends one to someone else. */
async function sendFrom(name: string, url: string, people: { first: string; last: string; email: string }[]) {
  const { token, sets } = await createIssuer(server, {
    email: `admin.${url}@example.com`,
    // The recipient portal comes with a paid plan (docs/product/credentials-portal.md#who-may-do-what); the credentials portal spans every issuer.
    account: { name, url, allowed_sets: 5, plan: 'basic-monthly-3' },
    credits: 50,
    sets: [`${name} Award`],
  });
  const call = apiOf(server);
  const project = await call(token, 'POST', '/api/projects', {
    title: `${name} spring`,
    certificate_id: sets[0]!.id,
    recipients: people.map((p) => ({ FIRST_NAME: p.first, LAST_NAME: p.last, 'Email Address': p.email, COURSE: 'Coastal Skipper' })),
  });
  await call(token, 'POST', `/api/projects/${project.id}/send-emails`, { sender_name: name });
  for (const person of people) await server.smtp!.waitFor((m) => JSON.stringify(m.to).includes(person.email));
}

beforeAll(async () => {
  server = await startServer({ smtp: true });
  browser = await launchBrowser(['--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP portal.example.test 127.0.0.1']);
  await sendFrom('Harbour Sailing School', `harbour${stamp}`, [
    { first: 'Rita', last: 'Levi', email: holder },
    { first: 'Sam', last: 'Other', email: `sam.${stamp}@example.com` },
  ]);
  await sendFrom('Mountain Guides Guild', `guild${stamp}`, [{ first: 'Rita', last: 'Levi', email: holder }]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the credentials portal', () => {
  it('registers a holder, sets the password from the mailed link, lists both issuers and filters by one', async () => {
    const portal = `http://credentials.localhost:${server.port}`;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    // Signed out, the portal leads to its sign-in; an unknown address is offered registration.
    await page.goto(`${portal}/credentials`);
    await page.waitForURL(/\/credentials\/login$/);
    await page.getByLabel('Email').fill(holder);
    await page.getByLabel('Password').fill('not-yet-a-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('No sign-in for this address').waitFor();
    await screenshot(page, 'credentials-login-no-user');
    await expectAccessible(page, 'the credentials sign-in');
    await page.getByRole('button', { name: 'Create your sign-in' }).first().click();

    await page.getByLabel('First name').fill('Rita');
    await page.getByLabel('Last name').fill('Levi');
    expect(await page.getByLabel('Email').inputValue()).toBe(holder);
    await screenshot(page, 'credentials-register');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByTestId('credentials-sent').waitFor();
    await screenshot(page, 'credentials-register-success');

    const mail = await server.smtp!.waitFor((m) => JSON.stringify(m.to).includes(holder) && /credentials/i.test(m.subject ?? ''));
    const link = /http:\/\/credentials\.localhost:\d+\/user\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
    await screenshot(page, 'credentials-set-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/credentials$/);

    await page.getByRole('heading', { name: 'Portal' }).waitFor();
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(2);
    const issuers = await cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
    expect(issuers.sort()).toEqual([
      'Harbour Sailing School Award from Harbour Sailing School',
      'Mountain Guides Guild Award from Mountain Guides Guild',
    ]);
    // Each card's picture is drawn by the public certificate link.
    await expect
      .poll(() => page.locator('article img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)), {
        timeout: 30_000,
      })
      .toBe(true);
    await screenshot(page, 'credentials-grid-desktop');
    await expectAccessible(page, 'the credentials');

    await page.getByRole('combobox', { name: 'Issuer' }).click();
    await page.getByRole('option', { name: 'Mountain Guides Guild' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().getAttribute('aria-label')).toBe('Mountain Guides Guild Award from Mountain Guides Guild');
    await screenshot(page, 'credentials-filtered');

    // At phone width: signed in again with the password just set, the same grid in one column.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const mobile = await phone.newPage();
    await mobile.goto(`${portal}/credentials/login`);
    await screenshot(mobile, 'credentials-login-390');
    await mobile.getByLabel('Email').fill(holder);
    await mobile.getByLabel('Password').fill(PASSWORD);
    await mobile.getByRole('button', { name: 'Sign in' }).click();
    await mobile.waitForURL(/\/credentials$/);
    await expect.poll(() => mobile.getByRole('article').count()).toBe(2);
    await expect
      .poll(() => mobile.locator('article img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(mobile, 'credentials-grid-390');
    await phone.close();
    await context.close();
  });

  it("finds one certificate on each issuer's own portal with the same sign-in", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    for (const [url, issuer, other] of [
      [`harbour${stamp}`, 'Harbour Sailing School', 'Mountain Guides Guild'],
      [`guild${stamp}`, 'Mountain Guides Guild', 'Harbour Sailing School'],
    ] as const) {
      await page.goto(`http://${url}.localhost:${server.port}/portal/login`);
      await page.getByLabel('Email').fill(holder);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(/\/portal\/certificates$/);
      const cards = page.getByRole('article');
      await expect.poll(() => cards.count()).toBe(1);
      expect(await cards.first().textContent()).toContain(issuer);
      expect(await cards.first().textContent()).not.toContain(other);
      await screenshot(page, `issuer-portal-${url.startsWith('harbour') ? 'harbour' : 'guild'}`);
      await page.evaluate(() => localStorage.clear());
    }
    await context.close();
  });
});
