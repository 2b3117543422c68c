import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';
import { ADMIN } from './helpers/server.ts';

const OWNER = 'owner@tidewater.example';

/** A card's figure, as the card names it for assistive technology. */
const figure = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}: `)).textContent();

const journey = useJourney({ smtp: true });
beforeAll(async () => {
  const { token, sets } = await createIssuer(journey.server, {
    email: OWNER,
    account: { name: 'Tidewater Rowing', url: 'tidewater', allowed_sets: 3 },
    credits: 10,
    sets: ['Rowing Certificate'],
  });
  const call = apiOf(journey.server);
  const project = await call(token, 'POST', '/api/projects', {
    title: 'Autumn regatta',
    certificate_id: sets[0]!.id,
    recipients: [
      { FIRST_NAME: 'Ada', LAST_NAME: 'Lovelace', 'Email Address': 'ada@example.com', COURSE: 'Sculling' },
      { FIRST_NAME: 'Grace', LAST_NAME: 'Hopper', 'Email Address': 'grace@example.com', COURSE: 'Sweep' },
      { FIRST_NAME: 'Katherine', LAST_NAME: 'Johnson', 'Email Address': 'katherine@example.com', COURSE: 'Coxing' },
    ],
  });
  await call(token, 'POST', `/api/projects/${project.id}/send-emails`, { sender_name: 'Tidewater Rowing' });
  // Ada opens her certificate and downloads the PDF: the dashboard counts both.
  const mail = await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes('ada@example.com'));
  const link = /http:\/\/localhost:\d+\/c\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')!;
  await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes('katherine@example.com'));
  expect((await fetch(`${journey.server.baseUrl}/api/c/${link[1]}`)).status).toBe(200);
  expect((await fetch(`${journey.server.baseUrl}/api/c/${link[1]}/pdf`)).status).toBe(200);
  // She follows "Add to LinkedIn": a click is what Laurel can count, not whether LinkedIn saved the entry.
  expect((await fetch(`${journey.server.baseUrl}/api/c/${link[1]}/linkedin`, { redirect: 'manual' })).status).toBe(302);
});

describe('the dashboard', () => {
  it('shows the figures of a real send, and the announcement and privacy text a super-admin wrote', async () => {
    const page = await signIn(journey.browser, journey.server, OWNER);
    await page.goto(`${journey.server.baseUrl}/dashboard`);
    await expect.poll(() => figure(page, 'Certificates sent')).toBe('3');
    expect(await figure(page, 'Recipients')).toBe('3');
    expect(await figure(page, 'Opened')).toBe('1');
    expect(await figure(page, 'Downloaded')).toBe('1');
    expect(await figure(page, 'LinkedIn clicks')).toBe('1');
    expect(await page.getByText('Added to LinkedIn').count()).toBe(0);
    expect(await figure(page, 'Bounced')).toBe('0');
    // The first send ends the onboarding with a word and what to do next, until dismissed.
    const done = page.getByRole('region', { name: 'You sent your first certificates' });
    await done.getByRole('link', { name: /Follow your send/ }).waitFor();
    await page.getByRole('region', { name: /^Activity chart/ }).waitFor();
    await screenshot(page, 'dashboard-figures');
    await expectAccessible(page, 'the dashboard');
    await done.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => done.count()).toBe(0);
    await page.getByRole('button', { name: 'Show tasks' }).waitFor();

    // The super-admin publishes an announcement and rewrites the privacy policy.
    const admin = await signIn(journey.browser, journey.server, ADMIN.email, { password: ADMIN.password });
    await admin.goto(`${journey.server.baseUrl}/announcements`);
    await admin.getByRole('button', { name: 'New announcement' }).first().click();
    await admin.getByLabel('Title').fill('Open Badges arrive in January');
    await admin.getByRole('textbox', { name: 'Content' }).fill('Every certificate will also be a verifiable credential.');
    await admin.getByLabel('Show to users').check({ force: true });
    await admin.getByRole('button', { name: 'Save announcement' }).click();
    await admin.getByRole('list', { name: 'Announcements' }).getByText('Open Badges arrive in January').waitFor();
    await screenshot(admin, 'dashboard-admin-announcement');

    await admin.goto(`${journey.server.baseUrl}/admin/accounts/settings`);
    // Outside the dashboard a new announcement comes as a dialog, once, to every user: its author too.
    await admin.getByRole('dialog', { name: 'Open Badges arrive in January' }).getByRole('button', { name: 'Got it' }).click();
    const privacy = admin.getByRole('textbox', { name: 'Privacy policy' });
    await privacy.fill('Tidewater keeps certificates for ten years.');
    await admin.getByRole('button', { name: 'Save privacy policy' }).click();
    await expect.poll(() => admin.getByRole('button', { name: 'Save privacy policy' }).isDisabled()).toBe(true);
    await admin.getByRole('textbox', { name: 'Terms of service' }).fill('Tidewater certificates are issued under Maritime Terms 2026.');
    await admin.getByRole('button', { name: 'Save terms of service' }).click();
    await expect.poll(() => admin.getByRole('button', { name: 'Save terms of service' }).isDisabled()).toBe(true);
    await screenshot(admin, 'dashboard-admin-settings');
    await expectAccessible(admin, 'the admin settings');
    await admin.context().close();

    await page.reload();
    const announcement = page.getByRole('region', { name: 'Open Badges arrive in January' });
    await announcement.waitFor();
    expect(await announcement.textContent()).toContain('Every certificate will also be a verifiable credential.');
    await screenshot(page, 'dashboard-announcement');
    await announcement.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => announcement.count()).toBe(0);
    await page.reload();
    await expect.poll(() => figure(page, 'Certificates sent')).toBe('3');
    expect(await announcement.count()).toBe(0);

    // The privacy page every certificate email links to shows what the super-admin wrote, to anyone.
    const visitor = await (await journey.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await visitor.goto(`${journey.server.baseUrl}/privacy`);
    await visitor.getByText('Tidewater keeps certificates for ten years.').waitFor();
    await screenshot(visitor, 'dashboard-privacy-390');
    // Someone registering accepts the terms the super-admin wrote, not a default text.
    await visitor.goto(`${journey.server.baseUrl}/register?email=${encodeURIComponent(`reader.${Date.now()}@example.com`)}`);
    await visitor.getByLabel('First name').fill('Rae');
    await visitor.getByLabel('Last name').fill('Reader');
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await visitor.getByRole('button', { name: 'Terms of Service' }).click();
    const terms = visitor.getByRole('dialog', { name: 'Terms of Service' });
    await terms.getByText('Tidewater certificates are issued under Maritime Terms 2026.').waitFor();
    await terms.getByRole('button', { name: 'I agree' }).click();
    expect(await visitor.getByLabel('I agree to the Terms of Service').isChecked()).toBe(true);
    await visitor.context().close();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => figure(page, 'Certificates sent')).toBe('3');
    await screenshot(page, 'dashboard-390');
    await page.context().close();
  });
});
