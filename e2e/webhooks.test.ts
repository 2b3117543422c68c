import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyStandardWebhook, WebhookReceiver } from '../apps/server/test/helpers/webhook-receiver.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, signIn } from './helpers/issuer.ts';
import { type RunningLaurel, startServer } from './helpers/server.ts';

const OWNER = 'owner@harbour-school.example';

let server: RunningLaurel;
let browser: Browser;
let token: string;
let setId: number;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  // The receiver listens on 127.0.0.1: private targets are allowed, as on a closed network.
  server = await startServer({ smtp: true, env: { ALLOW_PRIVATE_TARGETS: '1' } });
  browser = await launchBrowser();
  await receiver.start();
  const issuer = await createIssuer(server, {
    email: OWNER,
    account: { name: 'Harbour Sailing School', url: 'harbour-school', allowed_sets: 3 },
    credits: 50,
    admin: { first_name: 'Grace', last_name: 'Hopper' },
    sets: ['Dinghy Sailing'],
  });
  token = issuer.token;
  setId = issuer.sets[0]!.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver.stop();
});

describe('webhooks', () => {
  it('an admin adds an endpoint, a send reaches it signed, the log shows it and sends it again', async () => {
    const page = await signIn(browser, server, OWNER, { clipboard: true });
    await page.goto(`${server.baseUrl}/api-integrations`);
    await page.getByText('No endpoints yet.').waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('Description').fill('Course platform');
    // Opening and downloading are left to another endpoint: this one hears of deliveries and sends.
    await form.getByLabel(/^recipient\.opened/).uncheck();
    await form.getByLabel(/^recipient\.downloaded/).uncheck();
    await screenshot(page, 'webhooks-add-endpoint', { fullPage: false });
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = (await secretDialog.getByLabel('Signing secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(page, 'webhooks-secret-once', { fullPage: false });
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByText(secret).count()).toBe(0);

    // A certificate is sent (through the API, as the issuer's course platform would).
    const call = apiOf(server);
    const project = await call(token, 'POST', '/api/projects', {
      title: 'Spring dinghy course',
      certificate_id: setId,
      recipients: [{ FIRST_NAME: 'Ellen', LAST_NAME: 'MacArthur', 'Email Address': 'ellen@example.com', COURSE: 'Dinghy Sailing' }],
    });
    await call(token, 'POST', `/api/projects/${project.id}/send-emails`, { sender_name: 'Harbour Sailing School' });
    await expect
      .poll(
        () =>
          receiver
            .accepted()
            .map((r) => r.payload.type)
            .sort(),
        { timeout: 60_000 },
      )
      .toEqual(['project.sent', 'recipient.delivered']);
    for (const r of receiver.received) expect(verifyStandardWebhook(secret, r.headers, r.body, r.receivedAt)).toBe(true);

    await page.getByRole('button', { name: 'Deliveries', exact: true }).click();
    const log = page.getByRole('table', { name: 'Delivery log' });
    await expect.poll(() => log.getByText('delivered', { exact: true }).count(), { timeout: 15_000 }).toBe(2);
    expect(await log.getByText('HTTP 200: ok').count()).toBe(2);
    await screenshot(page, 'webhooks-delivery-log');

    const delivered = receiver.received.find((r) => r.payload.type === 'recipient.delivered')!;
    await log.getByRole('button', { name: `Send recipient.delivered ${delivered.id} again` }).click();
    await page.getByText('The event is being sent again.').waitFor();
    await expect.poll(() => receiver.received.filter((r) => r.id === delivered.id).length, { timeout: 30_000 }).toBe(2);
    await expect
      .poll(() => log.getByRole('row').filter({ hasText: delivered.id }).getByRole('cell').nth(2).textContent(), { timeout: 15_000 })
      .toBe('2');
    await screenshot(page, 'webhooks-sent-again');
  });
});
