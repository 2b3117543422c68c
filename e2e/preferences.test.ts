import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, recipients, suppressions, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { grantCredits } from '../apps/server/src/modules/credits/ledger.ts';
import { screenshot } from './helpers/browser.ts';
import { useJourney } from './helpers/journey.ts';

const OWNER = 'owner@lighthouse.example';
const PASSWORD = 'violet-meadow-lantern-42';
let accountId: number;
/** The preferences and unsubscribe links in the footers of the emails two recipients received, by address. */
const links: Record<string, string> = {};
const unsubscribeLinks: Record<string, string> = {};

/** The API as the issuer's browser would call it. */
async function call(token: string | null, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await journey.server.laurel.app.inject({
    method,
    url,
    headers: { host: `localhost:${journey.server.port}`, ...(token ? { authentication: token } : {}) },
    ...(body ? { payload: body as object } : {}),
  });
  return response.json();
}

const journey = useJourney({ smtp: true });
beforeAll(async () => {
  const db = journey.server.laurel.context.db;
  const [account] = await db.insert(accounts).values({ name: 'Lighthouse Sailing Club', url: 'lighthouse', allowed_sets: 3 }).returning();
  accountId = account!.id;
  await db.insert(users).values({
    email: OWNER,
    username: OWNER,
    roles: ['account_admin'],
    account_id: accountId,
    password_hash: await hashPassword(PASSWORD),
    confirmed_at: new Date(),
  });
  await db.transaction((tx) => grantCredits(tx as never, { accountId, bucket: 'payg', amount: 5, kind: 'purchase', at: new Date() }));
  const csrf = (await call(null, 'GET', '/api/auth/csrf')).csrf_token;
  const token = (await call(null, 'POST', '/api/auth', { email: OWNER, password: PASSWORD, csrf_token: csrf })).token;
  const set = await call(token, 'POST', '/api/certificates', { name: 'Day Skipper' });
  const people = ['zoe@example.com', 'sam@example.com'];
  const project = await call(token, 'POST', '/api/projects', {
    title: 'Autumn crew',
    certificate_id: set.id,
    recipients: people.map((email) => ({ FIRST_NAME: 'Zoë', LAST_NAME: 'Okafor', 'Email Address': email })),
  });
  await call(token, 'POST', `/api/projects/${project.id}/send-emails`, { sender_name: 'Lighthouse Sailing Club' });
  for (const email of people) {
    const mail = await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes(email), 30_000);
    links[email] = /http:\/\/localhost:\d+\/preferences\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
    unsubscribeLinks[email] = /href="(http:\/\/localhost:\d+\/[^"]+)"[^>]*>Unsubscribe<\/a>/
      .exec(String(mail.html))![1]!
      .replaceAll('&amp;', '&');
  }
});

async function open(url: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  // A recipient is not signed in: a fresh browser context.
  const page = await (await journey.browser.newContext({ viewport })).newPage();
  await page.goto(url);
  return page;
}

const status = (page: Page) => page.getByTestId('preferences-status');
const suppression = async (email: string) =>
  (
    await journey.server.laurel.context.db
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.account_id, accountId), eq(suppressions.email, email)))
  )[0] ?? null;

describe('the email preferences page', () => {
  it('lets a recipient unsubscribe from the issuer and come back', async () => {
    let page = await open(links['zoe@example.com']!);
    await page.getByRole('heading', { name: 'Email preferences' }).waitFor();
    expect(await page.getByTestId('preferences-email').textContent()).toBe('z***@example.com');
    await expect.poll(() => status(page).textContent()).toContain('You are subscribed');
    expect(await page.getByText('Lighthouse Sailing Club').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('unsubscribe-confirm').count()).toBe(0);
    await screenshot(page, 'preferences-subscribed');
    await page.context().close();

    // The footer's unsubscribe link opens the same page, asking to confirm rather than acting on a GET.
    page = await open(unsubscribeLinks['zoe@example.com']!);
    await page.getByTestId('unsubscribe-confirm').waitFor();
    expect(await suppression('zoe@example.com')).toBeNull();
    await screenshot(page, 'preferences-confirm-unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You will no longer receive emails from Lighthouse Sailing Club.').waitFor();
    await expect.poll(() => status(page).textContent()).toContain('You are unsubscribed');
    expect((await suppression('zoe@example.com'))?.reason).toBe('unsubscribe');
    await page.reload();
    await expect.poll(() => status(page).textContent()).toContain('You are unsubscribed');
    await screenshot(page, 'preferences-unsubscribed');

    await page.getByRole('button', { name: 'Subscribe again' }).click();
    await page.getByText('You will receive emails from Lighthouse Sailing Club again.').waitFor();
    await expect.poll(() => status(page).textContent()).toContain('You are subscribed');
    expect(await suppression('zoe@example.com')).toBeNull();
    await page.context().close();
  });

  it('tells a recipient whose address bounced that only the issuer can lift it', async () => {
    await journey.server.laurel.context.db
      .insert(suppressions)
      .values({ account_id: accountId, email: 'sam@example.com', reason: 'bounce' });
    const page = await open(links['sam@example.com']!, { width: 390, height: 844 });
    await expect.poll(() => status(page).textContent()).toContain('Emails to this address are stopped');
    expect(await status(page).textContent()).toContain('please ask Lighthouse Sailing Club to send to you again');
    expect(await page.getByRole('button', { name: 'Subscribe again' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'preferences-bounced-mobile');
    expect((await suppression('sam@example.com'))?.reason).toBe('bounce');
    await page.context().close();
  });

  it('says so when the link is not valid', async () => {
    const [someone] = await journey.server.laurel.context.db.select().from(recipients).where(eq(recipients.account_id, accountId));
    const page = await open(`${journey.server.baseUrl}/preferences/${someone!.token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`);
    await page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
    await screenshot(page, 'preferences-invalid');
    await page.context().close();
  });
});
