import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { screenshot } from './helpers/browser.ts';
import { useJourney } from './helpers/journey.ts';
import { ADMIN } from './helpers/server.ts';

const PASSWORD = 'violet-meadow-lantern-42';
let accountId: number;

const journey = useJourney();
beforeAll(async () => {
  const db = journey.server.laurel.context.db;
  const [account] = await db
    .insert(accounts)
    .values({ name: 'Harbour Academy', url: 'harbour', stripe_active: true, stripe_plan: 'basic-monthly-3' })
    .returning();
  accountId = account!.id;
  const hash = await hashPassword(PASSWORD);
  const person = (email: string, roles: string[], flags: Partial<typeof users.$inferInsert> = {}) => ({
    email,
    username: email,
    first_name: 'Test',
    last_name: roles[0] ?? 'Recipient',
    roles,
    password_hash: hash,
    confirmed_at: new Date(),
    ...flags,
  });
  await db.insert(users).values([
    person('owner@harbour.example', ['account_admin'], { account_id: accountId }),
    person('designer@harbour.example', ['account_user'], {
      account_id: accountId,
      allow_certificate_set_edits: true,
      first_name: 'Dana',
      last_name: 'Designer',
    }),
    person('sender@harbour.example', ['account_user'], { account_id: accountId }),
    person('viewer@harbour.example', ['account_user'], { account_id: accountId, allow_all_certificate_sets: false }),
    person('recipient@example.com', []),
  ]);
});

async function signIn(email: string, password = PASSWORD, origin = journey.server.baseUrl): Promise<Page> {
  const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

describe('each role lands where the spec says', () => {
  it.each([
    { email: ADMIN.email, password: ADMIN.password, landing: '/dashboard' },
    { email: 'owner@harbour.example', password: PASSWORD, landing: '/dashboard' },
    { email: 'designer@harbour.example', password: PASSWORD, landing: '/build' },
    { email: 'sender@harbour.example', password: PASSWORD, landing: '/send' },
    { email: 'recipient@example.com', password: PASSWORD, landing: '/register' },
  ])('$email lands on $landing', async ({ email, password, landing }) => {
    const page = await signIn(email, password);
    await page.waitForURL((url) => url.pathname === landing);
    await screenshot(page, `landing-${landing.slice(1)}-${email.split('@')[0]}`);
    await page.context().close();
  });

  it('shows a sub-user the account name with their own name, and keeps them out of admin screens', async () => {
    const page = await signIn('designer@harbour.example');
    await page.waitForURL(/\/build$/);
    expect(await page.getByTestId('header-name').textContent()).toContain('Harbour Academy (Dana Designer)');
    await page.goto(`${journey.server.baseUrl}/admin/outbox`);
    await page.waitForURL(/\/build$/);
    await page.context().close();
  });

  it('tells a sub-user without the right to send why the send screen is closed', async () => {
    const page = await signIn('viewer@harbour.example');
    await page.waitForURL(/\/send$/);
    await page.getByText('You are not allowed to send certificates. Please ask your account administrator.').waitFor();
    await screenshot(page, 'send-not-allowed');
    await page.getByRole('link', { name: 'Go to your projects' }).click();
    await page.waitForURL(/\/store$/);
    await page.context().close();
  });
});

describe('the super-admin outbox', () => {
  it('lists the mail the product kept and shows its HTML, text and headers', async () => {
    const register = await journey.server.laurel.app.inject({
      method: 'POST',
      url: '/api/registration/account',
      headers: { host: `localhost:${journey.server.port}` },
      payload: { email: 'outbox.reader@example.com', first_name: 'Otto', last_name: 'Box', account_name: 'Outbox Org', url: 'outboxorg' },
    });
    expect(register.statusCode).toBe(200);
    const page = await signIn(ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${journey.server.baseUrl}/admin/outbox`);
    const table = page.getByTestId('outbox-table');
    await expect.poll(() => table.textContent()).toContain('outbox.reader@example.com');
    await screenshot(page, 'admin-outbox');
    await table.getByRole('link', { name: 'Confirm your Laurel account' }).first().click();
    await expect.poll(() => page.getByTestId('outbox-subject').textContent()).toContain('Confirm your Laurel account');
    const frame = page.frameLocator('[data-testid="outbox-html"]');
    await expect.poll(() => frame.getByRole('link', { name: 'Confirm and set password' }).count()).toBe(1);
    await screenshot(page, 'admin-outbox-message');
    await page.getByRole('tab', { name: 'Text' }).click();
    await expect.poll(() => page.getByTestId('outbox-text').textContent()).toMatch(/\/user\/confirm\//);
    await page.getByRole('tab', { name: 'Headers' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Message headers' }).textContent()).toContain('Message-ID');
    await page.context().close();
  });
});

describe('portal subdomains', () => {
  it('send every non-portal page to the portal sign-in', async () => {
    const page = await (await journey.browser.newContext()).newPage();
    for (const path of ['/dashboard', '/', '/build', '/login']) {
      await page.goto(`http://harbour.localhost:${journey.server.port}${path}`);
      await page.waitForURL((url) => url.pathname === '/portal/login');
    }
    await page.goto(`http://harbour.localhost:${journey.server.port}/user/reset/abc`);
    await page.waitForURL(/\/\?link=expired|\/portal/);
    await screenshot(page, 'portal-login');
    await page.context().close();
  });

  it('refuse the main sign-in API on a portal host', async () => {
    const page = await (await journey.browser.newContext()).newPage();
    await page.goto(`http://harbour.localhost:${journey.server.port}/portal/login`);
    const statuses = await page.evaluate(async () => {
      const post = (url: string) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.status);
      return {
        login: await post('/api/auth'),
        register: await post('/api/registration/account'),
        config: (await fetch('/api/config')).status,
      };
    });
    expect(statuses).toEqual({ login: 404, register: 404, config: 200 });
    await page.context().close();
  });
});
