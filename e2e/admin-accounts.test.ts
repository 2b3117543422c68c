import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { createIssuer, signIn } from './helpers/issuer.ts';
import { ADMIN, type RunningLaurel, startServer } from './helpers/server.ts';

let server: RunningLaurel;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ACCOUNT = 'Quillfeather Academy';

async function rowAction(page: Page, action: string) {
  await page.getByRole('button', { name: `Actions for ${ACCOUNT}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

describe('the accounts console', () => {
  it('finds an account by filter, grants credits, bans and unbans it, changes its plan and shows its history', async () => {
    const email = `quill.${Date.now()}@example.com`;
    await createIssuer(server, {
      email,
      account: { name: ACCOUNT, url: `quill${Date.now()}` },
      admin: { first_name: 'Iris', last_name: 'Quill' },
    });
    const page = await signIn(browser, server, ADMIN.email, { password: ADMIN.password });
    await page.goto(`${server.baseUrl}/admin/accounts`);
    await page.getByLabel('Search').fill(email);
    const table = page.getByRole('table', { name: 'Accounts' });
    const row = table.getByRole('row').filter({ hasText: ACCOUNT });
    await row.waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await row.textContent()).toContain('Iris Quill');
    expect(await row.textContent()).toContain('Free');
    await screenshot(page, 'admin-accounts-list');

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
});
