import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/test/helpers/free-port.ts';
import { TestIdp } from '../apps/server/test/helpers/saml-idp.ts';
import { screenshot } from './helpers/browser.ts';
import { addUser, createIssuer, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

/**
 * SAML single sign-on as people meet it: an enterprise admin fills in the single sign-on screen with
 * the values of an identity provider (samlify, run here on a local port), and a user of the account
 * then signs in with "Continue with SSO": the IdP reads our AuthnRequest and posts its signed response
 * back through an auto-submitting form, as real IdPs do.
 */

/** The metadata address the settings screen shows, which the IdP imports. */
let spMetadataUrl = '';
let idpServer: Server;
let idp: TestIdp;
/** Who the IdP says is signing in. */
let idpUser = '';

const journey = useJourney();
beforeAll(async () => {
  const port = await freePort();
  idp = new TestIdp({ entityId: `http://127.0.0.1:${port}/metadata`, ssoUrl: `http://127.0.0.1:${port}/sso` });
  idpServer = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', idp.ssoUrl);
    if (url.pathname !== '/sso') {
      res.writeHead(404).end();
      return;
    }
    // The service provider's metadata names its entity id and ACS; the IdP reads it as an admin would import it.
    const metadata = await (await fetch(spMetadataUrl)).text();
    const response = await idp.respond(url.href, metadata, { email: idpUser });
    const acs = /Location="([^"]+\/acs)"/.exec(metadata)![1]!;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><title>Test IdP</title><body><p>Signing you in…</p>
       <form method="post" action="${acs}"><input type="hidden" name="SAMLResponse" value="${response}"><input type="hidden" name="RelayState" value=""></form>
       <script>document.forms[0].submit()</script></body>`,
    );
  });
  await new Promise<void>((resolve) => idpServer.listen(port, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => idpServer?.close(resolve));
});

describe('single sign-on', () => {
  it('an enterprise admin sets up SAML, and a user of the account signs in through the identity provider', async () => {
    const stamp = Date.now();
    const adminEmail = `ada.${stamp}@example.com`;
    const { accountId } = await createIssuer(journey.server, {
      email: adminEmail,
      account: { name: 'Analytical Engines', url: `engines${stamp}`, plan: 'enterprise-monthly-3' },
    });
    idpUser = `grace.${stamp}@example.com`;
    await addUser(journey.server, { email: idpUser, accountId, role: 'account_user', first_name: 'Grace', last_name: 'Hopper' });

    const page = await signIn(journey.browser, journey.server, adminEmail);
    await page.goto(`${journey.server.baseUrl}/account/single-sign-on`);
    await page.getByLabel('Provider', { exact: true }).fill('Test IdP');
    await page.getByLabel('Identity provider entity ID', { exact: true }).fill(idp.entityId);
    await page.getByLabel('SSO URL', { exact: true }).fill(idp.ssoUrl);
    await page.getByLabel('X.509 signing certificate', { exact: true }).fill('not a certificate');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByText('This is not a valid X.509 certificate').count()).toBe(1);

    await page.getByLabel('X.509 signing certificate', { exact: true }).fill(idp.cert);
    // The switch's name also carries its description: found by role and the start of its label.
    await page.getByRole('switch', { name: /^Single sign-on enabled/ }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Single sign-on settings saved.').waitFor();
    await expect.poll(() => page.getByText(/The saved certificate is valid until/).count()).toBe(1);
    spMetadataUrl = (await page.getByTestId('sp-metadata_url').textContent())!;
    expect(spMetadataUrl).toMatch(new RegExp(`^${journey.server.baseUrl}/saml/[A-Za-z0-9_-]+/metadata$`));
    await screenshot(page, 'sso-settings');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'sso-settings-phone');

    const visitor = await (await journey.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await visitor.goto(`${journey.server.baseUrl}/login`);
    await screenshot(visitor, 'login-with-sso-button-phone');
    await visitor.getByRole('button', { name: 'Continue with SSO' }).click();
    await visitor.getByLabel('Work email', { exact: true }).fill(idpUser);
    await screenshot(visitor, 'login-sso-form-phone');
    await visitor.getByRole('button', { name: 'Continue to your identity provider' }).click();
    // Through the IdP and its auto-posted form, back to the app, signed in where an account user lands.
    await visitor.waitForURL(`${journey.server.baseUrl}/send`, { timeout: 20_000 });
    expect(new URL(visitor.url()).hash).toBe('');
    await expect.poll(() => visitor.getByText(/Welcome (back|to Laurel), Grace/).count()).toBeGreaterThan(0);
    await screenshot(visitor, 'sso-signed-in-phone');
  });
});
