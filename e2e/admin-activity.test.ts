import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../apps/server/src/db/schema.ts';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';
import { ADMIN } from './helpers/server.ts';

/**
 * The super-admin after an account's first send (docs/product/super-admin.md#outbox, #activity): the outbox lists the
 * certificate emails the embedded default kept, with their account and project, and opens one; the activity log
 * shows the send and a revocation, filters and searches them, and leads to the account, whose category it never
 * gave reads "Not given".
 */

const OWNER = 'owner@tidewater.example';
const DESKTOP = { width: 1360, height: 900 };
const PHONE = { width: 390, height: 844 };

const journey = useJourney();
beforeAll(async () => {
  const { token, sets } = await createIssuer(journey.server, {
    email: OWNER,
    account: { name: 'Tidewater Academy', url: 'tidewater' },
    admin: { first_name: 'Tess', last_name: 'Owner' },
    credits: 20,
    sets: ['Navigator'],
  });
  const call = apiOf(journey.server);
  const project = await call(token, 'POST', '/api/projects', {
    title: 'Harbour pilots',
    certificate_id: sets[0]!.id,
    recipients: [
      { FIRST_NAME: 'Zoë', LAST_NAME: 'Okafor', 'Email Address': 'zoe@tidewater.example', COURSE: 'Pilotage' },
      { FIRST_NAME: 'José', LAST_NAME: 'Núñez', 'Email Address': 'jose@tidewater.example', COURSE: 'Pilotage' },
    ],
  });
  await call(token, 'POST', `/api/projects/${project.id}/send-emails`, { sender_name: 'Tidewater Academy' });
  for (let i = 0; !(await call(token, 'GET', `/api/projects/${project.id}/progress`)).finished; i++) {
    if (i > 600) throw new Error('the send did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }
  const [jose] = await journey.server.laurel.context.db
    .select({ id: recipients.id })
    .from(recipients)
    .where(eq(recipients.email, 'jose@tidewater.example'));
  await call(token, 'POST', `/api/recipients/${jose!.id}/revoke`, { reason: 'Course not completed' });
});

describe('the super-admin outbox and activity log', () => {
  it('lists the certificate emails a send kept, and opens one with its project', async () => {
    const page = await signIn(journey.browser, journey.server, ADMIN.email, { password: ADMIN.password, viewport: DESKTOP });
    await page.goto(`${journey.server.baseUrl}/admin/outbox`);
    await page.getByText('as no mail server is set, the certificate emails to recipients, kept here', { exact: false }).waitFor();
    await page.getByText('Certificate emails', { exact: true }).click();
    const table = page.getByRole('table', { name: 'Outbox messages' });
    const zoe = table.getByRole('row').filter({ hasText: 'zoe@tidewater.example' });
    await zoe.filter({ hasText: 'Harbour pilots' }).filter({ hasText: 'Tidewater Academy' }).filter({ hasText: 'kept' }).waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'Account confirmation' }).count()).toBe(0);
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('certificate');
    await expectAccessible(page, 'the outbox');
    await screenshot(page, 'admin-outbox-certificates');

    await page.getByLabel('Search by recipient').fill('jose@');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('row').filter({ hasText: 'jose@tidewater.example' }).getByRole('link').first().click();
    await page.getByTestId('outbox-subject').waitFor();
    await page.getByText('Harbour pilots', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Tidewater Academy' }).waitFor();
    await expectAccessible(page, 'an outbox message');
    await screenshot(page, 'admin-outbox-certificate-message');
    await page.context().close();
  });

  it('shows the send and the revocation, filters and searches them, and leads to the account', async () => {
    const page = await signIn(journey.browser, journey.server, ADMIN.email, { password: ADMIN.password, viewport: DESKTOP });
    // The admin menu shows on the admin screens: from the accounts, to the activity log.
    await page.goto(`${journey.server.baseUrl}/admin/accounts`);
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL(/\/admin\/activity$/);
    const table = page.getByTestId('activity-table');
    await table.getByRole('row').filter({ hasText: 'Certificates sent' }).filter({ hasText: 'Harbour pilots' }).waitFor();
    await table.getByRole('row').filter({ hasText: 'Certificate revoked' }).filter({ hasText: 'Course not completed' }).waitFor();
    await expectAccessible(page, 'the activity log');
    await screenshot(page, 'admin-activity');

    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Revocations' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('revocations');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    const revoked = table.getByRole('row').filter({ hasText: 'Certificate revoked' });
    await revoked.filter({ hasText: OWNER }).filter({ hasText: 'jose@tidewater.example' }).waitFor();
    await screenshot(page, 'admin-activity-revocations');

    // Chosen again, the kind is cleared; a search finds the send by its project.
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Revocations' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBeNull();
    await page.getByRole('textbox', { name: 'Search' }).fill('harbour pilots');
    // The search waits for the typing to pause, then asks the server: the list narrows to the send.
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'Certificate revoked' }).count()).toBe(0);
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'Certificates sent' }).count()).toBe(1);

    await table.getByRole('row').filter({ hasText: 'Certificates sent' }).getByRole('link', { name: 'Tidewater Academy' }).click();
    const drawer = page.getByRole('dialog', { name: 'Tidewater Academy' });
    await drawer.getByText('Not given').waitFor();
    expect(await drawer.getByText('Company Category').count()).toBe(0);
    await expectAccessible(page, "the account's drawer");
    await screenshot(page, 'admin-activity-account');
    await page.context().close();
  });

  it('reads on a phone: the table scrolls inside its card', async () => {
    const page = await signIn(journey.browser, journey.server, ADMIN.email, { password: ADMIN.password, viewport: PHONE });
    await page.goto(`${journey.server.baseUrl}/admin/activity?kind=sends`);
    await page.getByTestId('activity-table').getByText('Certificates sent').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'admin-activity-phone');
    await page.context().close();
  });
});
