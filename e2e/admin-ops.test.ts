import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../apps/server/src/db/schema.ts';
import { grantCredits } from '../apps/server/src/modules/credits/ledger.ts';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';
import { ADMIN } from './helpers/server.ts';

/**
 * The super-admin's operations screens: resend attempts, the projects log, the purchase-credit log, data
 * mappings and the templates' order, at desktop and phone width; and the issuer re-emailing one recipient.
 */

const OWNER = 'owner@lighthouse.example';

let ownerToken: string;
let springId: number;

const DESKTOP = { width: 1360, height: 900 };
const PHONE = { width: 390, height: 844 };

async function finished(call: ReturnType<typeof apiOf>, projectId: number) {
  for (let i = 0; !(await call(ownerToken, 'GET', `/api/projects/${projectId}/progress`)).finished; i++) {
    if (i > 600) throw new Error('the send did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const journey = useJourney();
beforeAll(async () => {
  const { token, accountId, sets } = await createIssuer(journey.server, {
    email: OWNER,
    account: { name: 'Lighthouse Academy', url: 'lighthouse' },
    admin: { first_name: 'Olivia', last_name: 'Owner' },
    sets: ['Keeper'],
  });
  ownerToken = token;
  // The account's one purchase, as checkout records it: 250 credits for $49.00.
  await journey.server.laurel.context.db.transaction((tx) =>
    grantCredits(tx as never, {
      accountId,
      bucket: 'payg',
      amount: 250,
      kind: 'purchase',
      paid: { amount: 4900, currency: 'usd' },
      at: new Date(),
    }),
  );
  const call = apiOf(journey.server);
  const save = async (title: string, email: string) =>
    (
      await call(token, 'POST', '/api/projects', {
        title,
        certificate_id: sets[0]!.id,
        recipients: [{ FIRST_NAME: 'Ada', LAST_NAME: title.split(' ')[0], 'Email Address': email, COURSE: 'Lamps' }],
      })
    ).id as number;
  springId = await save('Spring keepers', 'spring@example.com');
  await call(token, 'POST', `/api/projects/${springId}/send-emails`, { sender_name: 'Lighthouse Academy' });
  await finished(call, springId);
  // Its five group resends are made: the spec's limit.
  await journey.server.laurel.context.db.update(projects).set({ resend_attempts: 5 }).where(eq(projects.id, springId));
  for (const title of ['Winter roster', 'Stale list']) await call(token, 'DELETE', `/api/projects/${await save(title, 'x@example.com')}`);

  const csrf = (await call(null, 'GET', '/api/auth/csrf')).csrf_token;
  const root = (await call(null, 'POST', '/api/auth', { email: ADMIN.email, password: ADMIN.password, csrf_token: csrf })).token;
  for (const name of ['Order Alpha', 'Order Beta', 'Order Gamma']) await call(root, 'POST', '/api/styles', { name });
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** Nothing on the page is wider than the phone's screen: tables scroll inside their own box. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const dayLabel = (date: Date) =>
  `${date.getUTCDate()} ${date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${date.getUTCFullYear()}`;

describe('super-admin operations', () => {
  it('raises resend attempts, recovers and deletes projects, reads the purchase log, edits a mapping and orders templates', async () => {
    const page = await signIn(journey.browser, journey.server, ADMIN.email, { password: ADMIN.password, viewport: DESKTOP });

    // Resend attempts: the project has used its five; the super-admin allows seven.
    await page.goto(`${journey.server.baseUrl}/resend-attempts`);
    const table = page.getByRole('table', { name: 'Projects and their resend attempts' });
    const spring = table.getByRole('row').filter({ hasText: 'Spring keepers' });
    await expect.poll(() => spring.getByText('5 of 5').count()).toBe(1);
    await spring.getByLabel('Resend attempts for Spring keepers').fill('7');
    await spring.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Resend attempts saved');
    await expect.poll(() => spring.getByText('5 of 7').count()).toBe(1);
    await screenshot(page, 'admin-ops-resend-attempts');

    // Projects log: the deleted projects; one recovered, one deleted for good after the confirm dialog.
    await page.goto(`${journey.server.baseUrl}/projects`);
    const log = page.getByRole('table', { name: 'Projects log' });
    await log.getByText('Winter roster').waitFor();
    await log.getByText('Stale list').waitFor();
    await screenshot(page, 'admin-ops-projects-log');
    await page.getByRole('button', { name: 'Recover Winter roster' }).click();
    await toast(page, 'Project recovered');
    await expect.poll(() => log.getByText('Winter roster').count()).toBe(0);
    await page.getByRole('button', { name: 'Delete Stale list for good' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this project for good?' });
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await screenshot(page, 'admin-ops-delete-forever', { fullPage: false });
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await toast(page, 'Project deleted for good');
    await page.getByText('No deleted projects').waitFor();
    const ownerProjects = (await apiOf(journey.server)(ownerToken, 'GET', '/api/projects?limit=10&offset=0')).projects as {
      title: string;
    }[];
    expect(ownerProjects.map((p) => p.title).sort()).toEqual(['Spring keepers', 'Winter roster']);

    // Purchase-credit log: today's purchase with what it paid; a day without purchases is empty.
    await page.goto(`${journey.server.baseUrl}/payg-log`);
    await expect.poll(() => page.getByLabel('Purchases', { exact: true }).textContent()).toBe('1');
    expect(await page.getByLabel('Credits bought').textContent()).toBe('250');
    expect(await page.getByLabel('Amount paid').textContent()).toBe('$49.00');
    const purchases = page.getByRole('table', { name: 'Credit purchases' });
    await purchases.getByRole('row').filter({ hasText: 'Lighthouse Academy' }).filter({ hasText: '$49.00' }).waitFor();
    const today = new Date();
    const earlier = new Date(today.getTime() - 3 * 86_400_000);
    const nextMonth = page.locator('[data-direction="next"]').first();
    await page.getByLabel('Purchased between').click();
    await nextMonth.waitFor();
    const earlierDay = page.getByRole('button', { name: dayLabel(earlier), exact: true }).first();
    if (!(await earlierDay.isVisible())) await nextMonth.click();
    await earlierDay.click();
    await earlierDay.click();
    await page.getByText('No purchases in this range').waitFor();
    expect(await page.getByLabel('Purchases', { exact: true }).textContent()).toBe('0');
    await screenshot(page, 'admin-ops-payg-empty');
    await page.getByLabel('Purchased between').click();
    await nextMonth.waitFor();
    await page
      .getByRole('button', { name: dayLabel(earlier), exact: true })
      .first()
      .click();
    const todayButton = page.getByRole('button', { name: dayLabel(today), exact: true }).first();
    if (!(await todayButton.isVisible())) await nextMonth.click();
    await todayButton.click();
    await expect.poll(() => page.getByLabel('Purchases', { exact: true }).textContent()).toBe('1');
    await page.keyboard.press('Escape');
    await screenshot(page, 'admin-ops-payg-log');

    // Data mappings: a new global mapping, then renamed with a column added.
    await page.goto(`${journey.server.baseUrl}/admin/build/mappings`);
    await page.getByText('No global mappings yet').waitFor();
    await page.getByRole('link', { name: 'New mapping' }).first().click();
    await page.getByLabel('Mapping name').fill('Course roster');
    await page.getByLabel('Column 1 title').fill('Given name');
    await page.getByRole('combobox', { name: 'Column 1 fields' }).fill('FIRST_NAME');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add column' }).click();
    await page.getByLabel('Column 2 title').fill('Given name');
    await page.getByRole('button', { name: 'Save mapping' }).click();
    await page.getByText('Each column title may appear once.').waitFor();
    await page.getByLabel('Column 2 title').fill('Family name');
    expect(await page.getByText('Each column title may appear once.').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Column 2 fields' }).fill('LAST_NAME');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await screenshot(page, 'admin-ops-mapping-create');
    await page.getByRole('button', { name: 'Save mapping' }).click();
    await toast(page, 'Saved mapping');
    await page.getByRole('link', { name: 'Course roster' }).click();
    await expect.poll(() => page.getByLabel('Column 2 title').inputValue()).toBe('Family name');
    await page.getByLabel('Mapping name').fill('Course roster 2026');
    await page.getByRole('button', { name: 'Add column' }).click();
    await page.getByLabel('Column 3 title').fill('Email');
    await page.getByRole('combobox', { name: 'Column 3 fields' }).fill('Email Address');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Saved mapping');
    await page.getByRole('heading', { name: 'Course roster 2026' }).waitFor();
    await screenshot(page, 'admin-ops-mapping-edit');
    await page.getByRole('link', { name: 'All mappings' }).click();
    const mappings = page.getByRole('table', { name: 'Global mappings' });
    await mappings
      .getByRole('row')
      .filter({ hasText: 'Course roster 2026' })
      .filter({ hasText: '3 · Given name, Family name, Email' })
      .waitFor();
    await screenshot(page, 'admin-ops-mappings');

    // Templates: Gamma moves before Beta, and the order holds after a reload.
    await page.goto(`${journey.server.baseUrl}/admin/build`);
    const order = async () =>
      (await page.getByRole('link', { name: /^Open Order / }).evaluateAll((links) => links.map((l) => l.getAttribute('aria-label'))))
        .map((label) => label!.replace('Open ', ''))
        .join(', ');
    await expect.poll(order).toBe('Order Alpha, Order Beta, Order Gamma');
    await page.getByRole('button', { name: 'Actions for Order Gamma' }).click();
    await page.getByRole('menuitem', { name: 'Move earlier' }).click();
    await toast(page, 'Order saved');
    await expect.poll(order).toBe('Order Alpha, Order Gamma, Order Beta');
    await page.reload();
    await expect.poll(order).toBe('Order Alpha, Order Gamma, Order Beta');
    await screenshot(page, 'admin-ops-templates');
    await expectAccessible(page, 'the template order');

    // The same screens at phone width.
    const phone = await signIn(journey.browser, journey.server, ADMIN.email, { password: ADMIN.password, viewport: PHONE });
    const screens: [string, string, string][] = [
      ['/resend-attempts', 'Spring keepers', 'admin-ops-resend-attempts-phone'],
      ['/projects', 'No deleted projects', 'admin-ops-projects-log-phone'],
      ['/payg-log', 'Lighthouse Academy', 'admin-ops-payg-log-phone'],
      ['/admin/build/mappings', 'Course roster 2026', 'admin-ops-mappings-phone'],
      ['/admin/build/mappings/create', 'Add column', 'admin-ops-mapping-create-phone'],
      ['/admin/build', 'Order Gamma', 'admin-ops-templates-phone'],
    ];
    const overflowing: string[] = [];
    for (const [path, text, name] of screens) {
      await phone.goto(`${journey.server.baseUrl}${path}`);
      await phone.getByText(text).first().waitFor();
      await screenshot(phone, name);
      if (!(await fitsWidth(phone))) overflowing.push(path);
    }
    expect(overflowing).toEqual([]);
  });

  it('lets the issuer email one recipient their certificate again from the project', async () => {
    const page = await signIn(journey.browser, journey.server, OWNER, { viewport: DESKTOP });
    await page.goto(`${journey.server.baseUrl}/store/projects/${springId}`);
    await page.getByRole('button', { name: 'Actions for Ada Spring' }).click();
    await page.getByRole('menuitem', { name: 'Resend', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Resend this certificate' });
    expect(await dialog.getByLabel('Sender name').inputValue()).toBe('Lighthouse Academy');
    await dialog.getByRole('button', { name: 'Resend' }).click();
    await toast(page, 'Email sent.');
    const call = apiOf(journey.server);
    await finished(call, springId);
    const [recipient] = (await call(ownerToken, 'GET', `/api/recipients?project_id=${springId}`)).recipients;
    expect(recipient.resend_individual).toBe(1);

    // The sent-status page recounts the project's figures on asking.
    await page.goto(`${journey.server.baseUrl}/store/history/${springId}`);
    await page.getByTestId('delivery-finished').waitFor();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await toast(page, 'Delivery figures recounted');

    // The global search offers the account's project titles for its project filter.
    await page.goto(`${journey.server.baseUrl}/store/search`);
    await page.getByRole('combobox', { name: 'Project' }).click();
    await page.getByRole('option', { name: 'Winter roster' }).waitFor();
    await page.getByRole('option', { name: 'Spring keepers' }).click();
    expect(await page.getByRole('combobox', { name: 'Project' }).inputValue()).toBe('Spring keepers');
    await screenshot(page, 'admin-ops-search-project-picker', { fullPage: false });
  });
});
