import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { createIssuer, signIn } from './helpers/issuer.ts';
import { type RunningLaurel, startServer } from './helpers/server.ts';

let server: RunningLaurel;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  // Portal hosts (`acme.localhost`) reach the local server, whatever the machine's resolver says.
  browser = await launchBrowser(['--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP portal.example.test 127.0.0.1']);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = { width: 390, height: 844 };

describe('portal settings', () => {
  it('an Enterprise admin brands the portal, is asked before leaving unsaved, and the portal login page shows it', async () => {
    const email = `grace.${Date.now()}@example.com`;
    await createIssuer(server, { email, account: { name: 'Acme Training', url: 'acme', plan: 'enterprise-monthly-3' } });
    const page = await signIn(browser, server, email);
    await page.goto(`${server.baseUrl}/account/configure-portal-settings`);

    const preview = page.getByRole('figure', { name: 'Portal login page preview' });
    await page.getByRole('textbox', { name: 'Portal name' }).fill('Acme Academy');
    await page.getByLabel('Use my own background').check();
    const colour = page.getByRole('textbox', { name: 'Background colour' });
    await colour.fill('#1E3A5F');
    await colour.press('Tab');
    await page.getByRole('textbox', { name: 'Button label' }).fill('Open my certificates');
    await page.getByRole('textbox', { name: 'Custom text' }).fill('Certificates of the spring cohort are here.');

    // The preview follows the form before anything is saved.
    await expect.poll(() => preview.getByTestId('preview-name').textContent()).toBe('Acme Academy');
    await expect.poll(() => preview.getByRole('button', { name: 'Open my certificates' }).count()).toBe(1);
    await expect
      .poll(() => preview.getByTestId('preview-background').evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(30, 58, 95)');

    // A name that breaks the rule is marked, and the save refused with the spec's words.
    const name = page.getByRole('textbox', { name: 'Portal name' });
    await name.fill('A'.repeat(61));
    await page.getByText('The portal name may be at most 60 characters.').waitFor();
    await page.getByRole('button', { name: 'Save portal settings' }).click();
    await page.getByText('Please fix errors, and try again.').waitFor();
    await name.fill('Acme Academy');

    // Leaving with unsaved changes asks first; staying keeps the edits.
    await page.getByRole('link', { name: 'Profile' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Exit Without Saving?' });
    await dialog.waitFor();
    await screenshot(page, 'portal-settings-exit-guard', { fullPage: false });
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/account/configure-portal-settings');
    expect(await name.inputValue()).toBe('Acme Academy');

    await page.getByRole('button', { name: 'Save portal settings' }).click();
    await page.getByText('Portal settings saved.').first().waitFor();
    await screenshot(page, 'portal-settings-desktop');

    // Saved: leaving no longer asks.
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.waitForURL((url) => url.pathname === '/account');
    expect(await page.getByRole('dialog', { name: 'Exit Without Saving?' }).count()).toBe(0);

    // The portal, as a recipient opens it on the account's own host.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const portal = await visitor.newPage();
    await portal.goto(`http://acme.localhost:${server.port}/portal/login`);
    const header = portal.getByRole('banner');
    await expect.poll(() => header.getByText('Acme Academy').count()).toBe(1);
    await portal.getByText('Certificates of the spring cohort are here.').waitFor();
    // The sign-in button wears the account's label.
    await portal.getByRole('button', { name: 'Open my certificates' }).waitFor();
    expect(await portal.locator('[data-portal-background]').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(30, 58, 95)');
    await screenshot(portal, 'portal-login-branded-desktop');

    const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
    await phone.goto(`http://acme.localhost:${server.port}/portal/login`);
    await phone.getByRole('banner').getByText('Acme Academy').waitFor();
    await screenshot(phone, 'portal-login-branded-phone');
    await visitor.close();

    // The settings screen at phone width: the preview sits below the form.
    const phoneAdmin = await signIn(browser, server, email, { viewport: PHONE });
    await phoneAdmin.goto(`${server.baseUrl}/account/configure-portal-settings`);
    const phonePreview = phoneAdmin.getByRole('figure', { name: 'Portal login page preview' });
    await phonePreview.waitFor();
    const formBox = await phoneAdmin.getByRole('region', { name: 'Portal name' }).boundingBox();
    const previewBox = await phonePreview.boundingBox();
    expect(previewBox!.y).toBeGreaterThan(formBox!.y + formBox!.height);
    expect(await phoneAdmin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phoneAdmin, 'portal-settings-phone');
  });
});
