import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';
import { ADMIN } from './helpers/server.ts';

const journey = useJourney();

const ACCOUNT = 'Quillfeather Academy';

/** A small real PNG, drawn here so the library's image checks decode it. */
function tinyPng(): Buffer {
  const png = new PNG({ width: 48, height: 32 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([40, 90, 160, 255], i);
  return PNG.sync.write(png);
}

async function rowAction(page: Page, action: string) {
  await page.getByRole('button', { name: `Actions for ${ACCOUNT}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

describe('the accounts console', () => {
  it('finds an account by filter, grants credits, bans and unbans it, changes its plan and shows its history', async () => {
    const email = `quill.${Date.now()}@example.com`;
    await createIssuer(journey.server, {
      email,
      account: { name: ACCOUNT, url: `quill${Date.now()}` },
      admin: { first_name: 'Iris', last_name: 'Quill' },
    });
    const page = await signIn(journey.browser, journey.server, ADMIN.email, { password: ADMIN.password });
    await page.goto(`${journey.server.baseUrl}/admin/accounts`);
    await page.getByLabel('Search').fill(email);
    const table = page.getByRole('table', { name: 'Accounts' });
    const row = table.getByRole('row').filter({ hasText: ACCOUNT });
    await row.waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await row.textContent()).toContain('Iris Quill');
    expect(await row.textContent()).toContain('Free');
    await screenshot(page, 'admin-accounts-list');
    await expectAccessible(page, 'the accounts console');

    await rowAction(page, 'Grant credits');
    await page.getByLabel('Credits to add').fill('250');
    await page.getByLabel('Reason').fill('Pilot programme');
    await screenshot(page, 'admin-accounts-grant', { fullPage: false });
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => row.getByRole('cell').nth(3).textContent()).toBe('250');

    await rowAction(page, 'Ban');
    await page.getByRole('dialog').getByRole('button', { name: 'Ban' }).click();
    await page.getByText('Account banned: its users are signed out and cannot sign in.').waitFor();
    await expect.poll(() => row.textContent()).toContain('Banned');
    await rowAction(page, 'Unban');
    await page.getByRole('dialog').getByRole('button', { name: 'Unban' }).click();
    await expect.poll(() => row.textContent()).not.toContain('Banned');

    await rowAction(page, 'Subscription');
    await page.getByRole('dialog').getByLabel('Plan').click();
    await page.getByRole('option', { name: /^Advanced Monthly/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('Advanced Monthly');

    await row.getByRole('button', { name: ACCOUNT, exact: true }).click();
    const history = page.getByRole('table', { name: 'Account history' });
    await history.waitFor();
    await expect.poll(() => history.getByRole('row').count()).toBeGreaterThanOrEqual(5);
    const text = (await history.textContent()) ?? '';
    for (const action of ['Plan granted', 'Unbanned', 'Banned', 'Credits or sets changed']) expect(text).toContain(action);
    expect(text).toContain(ADMIN.email);
    expect(text).toContain('Pilot programme');
    await screenshot(page, 'admin-accounts-history', { fullPage: false });

    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-accounts-mobile');
    await row.getByRole('button', { name: ACCOUNT, exact: true }).click();
    await history.waitFor();
    await screenshot(page, 'admin-accounts-history-mobile', { fullPage: false });
  });
  it('grants credits and runs the refill on Manage credits, changes and cancels a plan on Manage subscriptions', async () => {
    const url = `drift${Date.now()}`;
    const { token, accountId } = await createIssuer(journey.server, {
      email: `drift.${Date.now()}@example.com`,
      account: { name: 'Driftwood Guild', url },
      admin: { first_name: 'Dana', last_name: 'Drift' },
    });
    const balance = async () => {
      const me = await apiOf(journey.server)(token, 'GET', `/api/accounts/${accountId}`);
      return Number(me.credits) + Number(me.subscription_credits);
    };
    const page = await signIn(journey.browser, journey.server, ADMIN.email, { password: ADMIN.password });
    const pick = async () => {
      await page.getByPlaceholder('Search by name, URL, email or id').fill('Driftwood');
      await page.getByRole('option', { name: `Driftwood Guild (${url})` }).click();
    };

    await page.goto(`${journey.server.baseUrl}/credits`);
    await pick();
    await page.getByText('Free · 0 pay-as-you-go + 0 subscription credits').waitFor();
    await page.getByLabel('Credits to add').fill('40');
    await page.getByLabel('Reason').fill('Conference partner');
    await page.getByRole('button', { name: 'Grant', exact: true }).click();
    await page.getByText('40 credits granted to Driftwood Guild: 40 available.').waitFor();
    expect(await balance()).toBe(40);
    // The fixtures skip registration's first refill, so the run grants this Free account its month.
    await page.getByRole('button', { name: 'Trigger refills' }).click();
    await page.getByRole('dialog', { name: 'Run the monthly refill now' }).getByRole('button', { name: 'Run refill' }).click();
    await page.getByText(/^Refill done: \d+ accounts? refilled\.$/).waitFor();
    await page.getByRole('table', { name: 'Refill grants' }).waitFor();
    await expect.poll(balance).toBe(90);
    await screenshot(page, 'admin-credits');

    await page.goto(`${journey.server.baseUrl}/subscriptions`);
    await pick();
    await page.getByRole('combobox', { name: 'Plan' }).click();
    await page.getByRole('option', { name: /^Advanced Monthly/ }).click();
    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.getByText('Driftwood Guild is now on Advanced Monthly.').waitFor();
    expect((await apiOf(journey.server)(token, 'GET', '/api/auth/current')).account.stripe_plan).toMatch(/advanced/);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('dialog', { name: 'Cancel subscription' }).getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Current plan:').filter({ hasText: 'Free' }).waitFor();
    expect((await apiOf(journey.server)(token, 'GET', '/api/auth/current')).account.stripe_plan).toBeNull();
    await screenshot(page, 'admin-subscriptions');
    await page.context().close();
  });

  it('keeps the shared background and image libraries: upload, order, remove', async () => {
    const page = await signIn(journey.browser, journey.server, ADMIN.email, { password: ADMIN.password });
    for (const [path, noun, list] of [
      ['/admin/build/backgrounds', 'background', 'Backgrounds'],
      ['/admin/build/images', 'image', 'Images'],
    ] as const) {
      await page.goto(`${journey.server.baseUrl}${path}`);
      const library = page.getByRole('list', { name: list });
      const names = () => library.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
      for (const name of ['harbour.png', 'beacon.png']) {
        const chooser = page.waitForEvent('filechooser');
        await page.getByRole('button', { name: `Upload ${noun}` }).click();
        await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: tinyPng() });
        await expect.poll(names).toContain(name);
      }
      expect((await names()).slice(-2)).toEqual(['harbour.png', 'beacon.png']);
      await page.getByRole('button', { name: 'Move beacon.png earlier' }).click();
      await expect.poll(async () => (await names()).slice(-2)).toEqual(['beacon.png', 'harbour.png']);
      await page.reload();
      await expect.poll(async () => (await names()).slice(-2)).toEqual(['beacon.png', 'harbour.png']);
      await screenshot(page, `admin-library-${noun}`);
      await page.getByRole('button', { name: 'Remove harbour.png' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await expect.poll(names).not.toContain('harbour.png');
      expect((await names()).at(-1)).toBe('beacon.png');
    }
    await page.context().close();
  });
});
