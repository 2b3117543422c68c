import { FEATURE_FIRST_PLAN } from '@laurel/domain';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/test/helpers/free-port.ts';
import { type Issued, issueSite, makeIntermediate, makeRootCa } from '../apps/server/test/helpers/test-ca.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { createIssuer, signIn } from './helpers/issuer.ts';
import { ADMIN, type RunningLaurel, startServer } from './helpers/server.ts';

/**
 * A custom portal URL with its certificate: the account admin enters the URL and uploads the
 * certificate, the HTTPS listener serves the account's portal on that name, and the super-admin's
 * list shows the domain.
 */

const HOST = 'portal.example.test';
const ACCOUNT = 'Babbage Analytical Society';
const PHONE = { width: 390, height: 844 };

let server: RunningLaurel;
let browser: Browser;
let httpsPort: number;
let intermediate: Issued;
let site: Issued;

beforeAll(async () => {
  httpsPort = await freePort();
  server = await startServer({ env: { HTTPS_PORT: String(httpsPort) } });
  browser = await launchBrowser();
  intermediate = await makeIntermediate(await makeRootCa());
  site = await issueSite(intermediate, [HOST]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('custom domain with TLS', () => {
  it('is set up on the portal settings page and serves the portal over HTTPS', async () => {
    const email = `ada.${Date.now()}@example.com`;
    await createIssuer(server, { email, account: { name: ACCOUNT, url: `babbage${Date.now()}`, plan: FEATURE_FIRST_PLAN.custom_url } });
    const page = await signIn(browser, server, email);
    await page.goto(`${server.baseUrl}/account/configure-portal-settings`);
    await page.getByRole('textbox', { name: 'Custom URL' }).fill(`https://${HOST}/`);
    await page.getByRole('button', { name: 'Save URL' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Custom URL' }).inputValue()).toBe(HOST);
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('switch', { name: /^SSL \(https\)/ }).check({ force: true });
    await page.getByLabel('Certificate (PEM)').fill(site.pem + intermediate.pem);
    await page.getByLabel('Private key (PEM)').fill(site.keyPem);
    await page.getByRole('button', { name: 'Save certificate' }).click();
    await page.getByText('Certificate in use').waitFor();
    expect(await page.getByText(`Names: ${HOST}`).isVisible()).toBe(true);
    await screenshot(page, 'custom-domain-settings');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'custom-domain-settings-phone');
    await page.context().close();

    // Chromium reaches the custom host on this machine; the test CA is not one it trusts, so the page's
    // security details show which certificate the listener chose.
    const visitor = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
    });
    try {
      for (const [viewport, name] of [
        [{ width: 1280, height: 900 }, 'custom-domain-portal'],
        [PHONE, 'custom-domain-portal-phone'],
      ] as const) {
        const context = await visitor.newContext({ ignoreHTTPSErrors: true, viewport });
        const portal = await context.newPage();
        const response = await portal.goto(`https://${HOST}:${httpsPort}/portal/login`);
        expect(response?.status()).toBe(200);
        expect((await response?.securityDetails())?.subjectName).toBe(HOST);
        await portal.getByText(`Use the email address ${ACCOUNT} sent your certificate to.`, { exact: false }).waitFor();
        await screenshot(portal, name);
        await context.close();
      }
    } finally {
      await visitor.close();
    }
  });

  it("is listed on the super-admin's custom domains screen", async () => {
    const page = await signIn(browser, server, ADMIN.email, { password: ADMIN.password });
    await page.goto(`${server.baseUrl}/custom-domains`);
    const row = page.getByRole('row', { name: new RegExp(HOST) });
    await row.waitFor();
    expect(await row.textContent()).toContain(ACCOUNT);
    expect(await row.textContent()).toContain('On');
    await page.getByLabel('Search custom domains').fill('babbage');
    await row.waitFor();
    await screenshot(page, 'custom-domains-admin');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'custom-domains-admin-phone');
    await page.context().close();
  });
});
