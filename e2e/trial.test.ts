import { createCanvas } from '@napi-rs/canvas';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { addUser, apiOf, CERTIFICATE_ELEMENTS, PASSWORD, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

/**
 * A new customer's first hour on the free trial (docs/decisions/0069-what-a-trial-unlocks.md): registered through the
 * form, they design with their logo, a QR code and a back side, send, export and read their plan, and no upgrade
 * dialog stands in the way. A sub-user of theirs is not offered the billing screens.
 */

const journey = useJourney({ smtp: true });
const TRIAL = 'Trial · Professional features · 14 days left';

function logoPng(): Buffer {
  const canvas = createCanvas(120, 120);
  const context = canvas.getContext('2d');
  context.fillStyle = '#1f4e79';
  context.fillRect(10, 10, 100, 100);
  return canvas.encodeSync('png');
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('laurel.token') ?? '');
const upgradeDialogs = (page: Page) => page.getByRole('dialog', { name: 'Upgrade your account' }).count();

let page: Page;
let email: string;
let setId: number;
let projectId: number;

describe('the free trial, as a new customer meets it', () => {
  it('registers and reads the trial on the dashboard', async () => {
    page = await (await journey.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    email = `harbour.${Date.now()}@example.com`;
    await page.goto(`${journey.server.baseUrl}/register?email=${encodeURIComponent(email)}`);
    await page.getByLabel('First name').fill('Ines');
    await page.getByLabel('Last name').fill('Ito');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Account name').fill('Harbour Sailing School');
    await page.getByLabel('I agree to the Terms of Service').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('register-success').waitFor();
    const mail = await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes(email));
    await page.goto(/http:\/\/localhost:\d+\/user\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0]);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByTestId('trial-badge').textContent()).toBe(TRIAL);
    await screenshot(page, 'trial-dashboard');
  });

  it('designs with its logo, a QR code and a back side, without an upgrade dialog', async () => {
    const created = await apiOf(journey.server)(await token(page), 'POST', '/api/certificates', {
      name: 'Day Skipper',
      elements: CERTIFICATE_ELEMENTS,
    });
    setId = created.id;
    await page.goto(`${journey.server.baseUrl}/build/${setId}`);
    const elements = page.locator('[data-element-index]');
    await expect.poll(() => elements.count(), { timeout: 30_000 }).toBe(CERTIFICATE_ELEMENTS.length);

    await page.getByRole('button', { name: 'Add logo' }).click();
    const logo = page.getByRole('dialog', { name: 'Upload your logo' });
    await logo.locator('input[type="file"]').setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: logoPng() });
    await expect.poll(() => elements.count(), { timeout: 20_000 }).toBe(CERTIFICATE_ELEMENTS.length + 1);
    await page.getByRole('button', { name: 'Add QR code' }).click();
    await expect.poll(() => elements.count()).toBe(CERTIFICATE_ELEMENTS.length + 2);

    await page.getByRole('switch', { name: 'Two-sided certificate' }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Two-sided certificate' }).isChecked()).toBe(true);
    // The side control's radios are drawn by their labels.
    const back = await page.getByRole('radio', { name: 'Back' }).getAttribute('id');
    await page.locator(`label[for="${back}"]`).click();
    await page.getByRole('button', { name: 'Add text', exact: true }).click();
    await expect.poll(() => elements.count()).toBe(1);
    expect(await upgradeDialogs(page)).toBe(0);
    await screenshot(page, 'trial-builder-back-side');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Certificate saved' }).waitFor();
    await page.getByRole('button', { name: 'Import later' }).click();
    expect(await upgradeDialogs(page)).toBe(0);
    const saved = await apiOf(journey.server)(await token(page), 'GET', `/api/certificates/${setId}`);
    expect(saved.elements.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['logo', 'qrcode']));
    expect(saved.use_two_side).toBe(true);
    expect(saved.back_side_elements).toHaveLength(1);
  });

  it('sends, and exports from the store', async () => {
    const call = apiOf(journey.server);
    const auth = await token(page);
    const project = await call(auth, 'POST', '/api/projects', {
      title: 'Spring course',
      certificate_id: setId,
      recipients: [{ FIRST_NAME: 'Nia', LAST_NAME: 'Neves', 'Email Address': 'nia@example.com', COURSE: 'Day Skipper' }],
    });
    projectId = project.id;
    expect((await call(auth, 'POST', `/api/projects/${projectId}/send-emails`, { sender_name: 'Harbour Sailing School' })).success).toBe(
      true,
    );
    await expect
      .poll(async () => (await call(auth, 'GET', `/api/projects/${projectId}/progress`)).finished, { timeout: 60_000 })
      .toBe(true);

    await page.goto(`${journey.server.baseUrl}/store/projects/${projectId}`);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Export recipients' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export recipients' });
    await dialog.getByText('1 recipient will be exported.').waitFor();
    await dialog.getByRole('button', { name: 'Start export' }).click();
    await page.getByText('Export started').waitFor();
    expect(await upgradeDialogs(page)).toBe(0);
  });

  it('shows the trial on the subscription and plans screens, which axe passes', async () => {
    await page.goto(`${journey.server.baseUrl}/account/subscription`);
    await expect.poll(() => page.getByTestId('trial-badge').textContent()).toBe(TRIAL);
    await page.getByRole('heading', { name: 'What your trial includes' }).waitFor();
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: 'Two-sided certificates' }).textContent())
      .toBe('Two-sided certificates');
    await screenshot(page, 'trial-subscription');
    await expectAccessible(page, 'the subscription on the trial');

    await page.goto(`${journey.server.baseUrl}/account/billing-subscriptions`);
    await page.getByRole('region', { name: 'Professional Monthly' }).getByText('On your trial', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Advanced Monthly' }).getByText('On your trial').count()).toBe(0);
    await screenshot(page, 'trial-plans');
    await expectAccessible(page, 'the plans');
  });

  it('keeps a sub-user off the billing screens', async () => {
    const accountId = (await apiOf(journey.server)(await token(page), 'GET', '/api/auth/current')).account.id;
    const subEmail = `crew.${Date.now()}@example.com`;
    await addUser(journey.server, { email: subEmail, accountId, role: 'account_user', first_name: 'Cai', last_name: 'Crew' });
    const sub = await signIn(journey.browser, journey.server, subEmail);
    await sub.goto(`${journey.server.baseUrl}/account`);
    const nav = sub.getByRole('navigation', { name: 'Account settings' });
    await nav.getByRole('link', { name: 'Two-factor authentication' }).waitFor();
    for (const name of ['Subscription', 'Plans', 'Purchase credits', 'Automatic purchases', 'Billing information', 'Billing history'])
      expect(await nav.getByRole('link', { name }).count(), name).toBe(0);
    await screenshot(sub, 'trial-sub-user-account');
    for (const path of ['/account/billing-subscriptions', '/account/subscription', '/account/billing-history']) {
      await sub.goto(`${journey.server.baseUrl}${path}`);
      await sub.waitForURL((url) => url.pathname === '/account');
    }
    await sub.context().close();
  });
});
