import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_DELETION_MESSAGES, DELETE_ACCOUNT_SENTENCE } from '@laurel/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, PASSWORD, signIn } from './helpers/issuer.ts';
import { type RunningLaurel, startServer } from './helpers/server.ts';

let server: RunningLaurel;
let browser: Browser;
let feed: Server;
let link: string;
const email = `owner.${Date.now()}@lighthouse.example`;

beforeAll(async () => {
  // The operator's release feed, announcing a newer version than the one running.
  feed = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        version: '99.0.0',
        notes: 'Bulk resend from the store.\nFaster certificate previews.',
        url: 'https://example.com/releases/99.0.0',
      }),
    ),
  );
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/latest.json`;
  server = await startServer({ smtp: true, env: { UPDATE_FEED_URL: feedUrl, ALLOW_PRIVATE_TARGETS: '1' } });
  browser = await launchBrowser();

  const { token, sets } = await createIssuer(server, {
    email,
    account: { name: 'Lighthouse Academy', url: `lighthouse${Date.now()}`, allowed_sets: 3 },
    credits: 5,
    sets: ['Lamp Keeping'],
  });
  const call = apiOf(server);
  const project = await call(token, 'POST', '/api/projects', {
    title: 'Winter keepers',
    certificate_id: sets[0]!.id,
    recipients: [{ FIRST_NAME: 'Ida', LAST_NAME: 'Lewis', 'Email Address': 'ida@example.com', COURSE: 'Lamp Keeping' }],
  });
  await call(token, 'POST', `/api/projects/${project.id}/send-emails`, { sender_name: 'Lighthouse Academy' });
  const mail = await server.smtp!.waitFor((m) => JSON.stringify(m.to).includes('ida@example.com'));
  link = /http:\/\/localhost:\d+\/c\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => feed?.close(resolve));
});

describe('deleting an account', () => {
  it('shows the updates, then deletes the account from its screen, signs the admin out and withdraws its certificates', async () => {
    const page = await signIn(browser, server, email);

    await page.goto(`${server.baseUrl}/account/updates`);
    await page.getByText('Version 99.0.0 is available').waitFor();
    expect(await page.getByRole('link', { name: /What is new in 99\.0\.0/ }).getAttribute('href')).toBe(
      'https://example.com/releases/99.0.0',
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Version 99.0.0 is available').waitFor();
    await screenshot(page, 'account-updates');

    await page.goto(`${server.baseUrl}/account/delete`);
    await expect.poll(() => page.getByTestId('count-recipients').textContent()).toBe('1');
    expect(await page.getByTestId('count-certificate sets').textContent()).toBe('1');
    expect(await page.getByTestId('count-users').textContent()).toBe('1');

    await page.getByLabel('Confirmation sentence').fill('i wish to delete my account');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete account permanently' }).click();
    await page.getByText(ACCOUNT_DELETION_MESSAGES.sentenceMismatch).waitFor();

    await page.getByLabel('Confirmation sentence').fill(DELETE_ACCOUNT_SENTENCE);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Delete account permanently' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Wrong password');
    await screenshot(page, 'account-delete');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete account permanently' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText(ACCOUNT_DELETION_MESSAGES.requested).waitFor();

    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: ACCOUNT_DELETION_MESSAGES.withdrawn }).waitFor();
    expect(await visitor.getByText('Ida Lewis').count()).toBe(0);
    await screenshot(visitor, 'certificate-withdrawn');
  });
});
