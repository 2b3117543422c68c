import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../apps/server/test/helpers/smtp-sink.ts';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, signIn } from './helpers/issuer.ts';
import { type RunningLaurel, startServer } from './helpers/server.ts';

/**
 * The admin points the account at its own mail server (a real SMTP server that demands a password),
 * tests the connection, and the next certificate leaves through that server rather than Laurel's.
 */

const ownServer = new SmtpSink({ user: 'registrar@college.example', pass: 'correct-smtp-password' });
let server: RunningLaurel;
let browser: Browser;
beforeAll(async () => {
  await ownServer.start();
  server = await startServer({ smtp: true, env: { ALLOW_PRIVATE_TARGETS: '1' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await ownServer.stop();
});

async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Email settings saved.').first().waitFor();
}

describe('email settings', () => {
  it('sends certificates through the account’s own, tested mail server', async () => {
    const email = `registrar.${Date.now()}@college.example`;
    const { token, sets } = await createIssuer(server, {
      email,
      account: { name: 'Harbour College', url: `harbour${Date.now()}` },
      credits: 5,
      sets: ['Seamanship'],
    });
    const page = await signIn(browser, server, email);
    await page.goto(`${server.baseUrl}/account/email-settings`);
    const product = page.getByRole('radio', { name: 'Laurel’s mail service' });
    await expect.poll(() => product.isChecked()).toBe(true);
    await screenshot(page, 'email-settings-01-product');

    await page.getByRole('radio', { name: 'My own mail server (SMTP)' }).check();
    await page.getByRole('textbox', { name: 'Host' }).fill('127.0.0.1');
    await page.getByRole('combobox', { name: 'Security' }).click();
    await page.getByRole('option', { name: 'None (not encrypted)' }).click();
    await page.getByRole('textbox', { name: 'Port' }).fill(String(ownServer.port));
    await page.getByRole('textbox', { name: 'User name' }).fill('registrar@college.example');
    await page.getByLabel(/^Password/).fill('wrong-smtp-password');
    await page.getByRole('textbox', { name: 'Sender email' }).fill('registrar@college.example');
    await page.getByRole('textbox', { name: 'Sender name' }).fill('Harbour College Registry');
    await page.getByRole('textbox', { name: 'Email footer' }).click();
    await page.keyboard.type('Harbour College, 1 Quay Street');
    await screenshot(page, 'email-settings-02-custom-form');
    await expectAccessible(page, 'the email settings');

    await page.getByRole('button', { name: 'Help with ports and security' }).click();
    const help = page.getByRole('dialog', { name: 'Ports and security' });
    await help.waitFor();
    await screenshot(page, 'email-settings-03-help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });

    await saveSettings(page);
    await page.getByText('Not tested yet.').waitFor();
    await screenshot(page, 'email-settings-04-untested');

    // The server refuses the password: the test says so, with the server's own reply.
    await page.getByRole('button', { name: 'Test connection' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Check your SMTP settings.' });
    await failure.waitFor();
    expect(await failure.textContent()).toMatch(/535/);
    await screenshot(page, 'email-settings-05-error');

    await page.getByLabel(/^Password/).fill('correct-smtp-password');
    await page.getByText('Save your changes, then test them.').waitFor();
    await saveSettings(page);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('status').filter({ hasText: 'Verified' }).waitFor();
    await screenshot(page, 'email-settings-06-verified');

    // Editing after success: the verified state is gone until the next test.
    await page.getByRole('textbox', { name: 'Port' }).fill('2525');
    await page.getByText('Save your changes, then test them.').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Verified' }).count()).toBe(0);
    await screenshot(page, 'email-settings-07-edited');
    await page.getByRole('textbox', { name: 'Port' }).fill(String(ownServer.port));

    const call = apiOf(server);
    const project = await call(token, 'POST', '/api/projects', {
      title: 'Spring cohort',
      certificate_id: sets[0]!.id,
      recipients: [{ FIRST_NAME: 'Ines', LAST_NAME: 'Duarte', 'Email Address': 'ines.duarte@example.com', COURSE: 'Seamanship' }],
    });
    await page.goto(`${server.baseUrl}/send/${project.id}/send`);
    await page.getByRole('button', { name: 'Send 1 certificate' }).click();
    await page.getByRole('dialog', { name: 'Send 1 certificate now?' }).getByRole('button', { name: 'Send now' }).click();
    const mail = await ownServer.waitFor((m) => JSON.stringify(m.to).includes('ines.duarte@example.com'));
    expect(mail.from?.value[0]?.address).toBe('registrar@college.example');
    expect(mail.html).toContain('Harbour College, 1 Quay Street');
    expect(server.smtp!.messages.some((m) => JSON.stringify(m.to).includes('ines.duarte@example.com'))).toBe(false);

    // Back from a provider whose consent screen was refused.
    await page.goto(`${server.baseUrl}/account/email-settings?oauth_error=permissions`);
    await page.getByText('Connection error. You have not accepted the requested permissions.').waitFor();
    await screenshot(page, 'email-settings-08-permissions-refused');
    await page.context().close();
  });
});
