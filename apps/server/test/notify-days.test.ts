import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { sendDueNotifications } from '../src/modules/accounts/notify-days.ts';
import { ApiClient, registerConfirmedAdmin } from './helpers/api.ts';
import { ManualClock, startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

/**
 * Notification-day emails (docs/product/super-admin.md#rules-and-limits): on each flagged day counted from the trial start, the
 * admins of an account without a plan get one reminder with the account's own figures; never twice, never
 * for a day switched off or long past, again after a trial restart.
 */

const DAY = 86_400_000;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let laurel: TestLaurel;

beforeAll(async () => {
  laurel = await startTestLaurel({ clock });
});
afterAll(async () => {
  await laurel?.close();
});

async function superAdmin(): Promise<ApiClient> {
  const client = new ApiClient(laurel);
  const login = await client.login('root@laurel.test', 'correct horse battery staple');
  expect(login.statusCode, login.body).toBe(200);
  return client;
}

/** Moves the clock to `days` (fractions allowed) after the account's trial began. */
async function moveToTrialDay(accountId: number, days: number) {
  const [account] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId));
  clock.advance(account!.trial_started_at.getTime() + days * DAY - clock.now().getTime());
}

const reminders = async (email: string) => (await laurel.mailsTo(email)).filter((m) => m.kind === 'notify_day').map((m) => m.subject);

describe('notification-day emails', () => {
  it('reminds a plan-less account on each flagged day, once, with its own figures', async () => {
    const { email, user } = await registerConfirmedAdmin(laurel, { account_name: 'Saltmarsh Rowing' });
    const accountId = user.account!.id;

    await moveToTrialDay(accountId, 6.9);
    await sendDueNotifications(laurel.context);
    expect(await reminders(email)).toEqual([]);

    await moveToTrialDay(accountId, 7.1);
    await sendDueNotifications(laurel.context);
    await sendDueNotifications(laurel.context);
    expect(await reminders(email)).toEqual(['Your Laurel free trial: 7 days left']);
    const mail = await laurel.lastMailTo(email);
    expect(mail.text).toContain('The free trial of Saltmarsh Rowing ends in 7 days.');
    // Registration's first month of Free credits, and nothing sent yet.
    expect(mail.text).toContain('So far you have sent 0 certificates, and 50 credits are left to send with.');
    expect(mail.text).toContain(`${laurel.context.env.PUBLIC_URL}/account/subscription`);
    expect(mail.html).toContain('Saltmarsh Rowing');

    // A super-admin switches day 10 off: it passes without a message.
    const admin = await superAdmin();
    const off = await admin.call('PUT', `/api/account-notifys/${accountId}`, { notify_days: [80, 87, 89] });
    expect(off.statusCode, off.body).toBe(200);
    await moveToTrialDay(accountId, 10.5);
    await sendDueNotifications(laurel.context);
    expect(await reminders(email)).toHaveLength(1);

    await moveToTrialDay(accountId, 13.2);
    await sendDueNotifications(laurel.context);
    expect((await reminders(email)).at(-1)).toBe('Your Laurel free trial ends tomorrow');

    // After downtime a day is still sent within its 24 hours; a day long past is not.
    await moveToTrialDay(accountId, 80.9);
    await sendDueNotifications(laurel.context);
    expect((await reminders(email)).at(-1)).toBe('Saltmarsh Rowing has been on Laurel for 80 days');
    await moveToTrialDay(accountId, 88.5);
    await sendDueNotifications(laurel.context);
    expect(await reminders(email)).toHaveLength(3);

    // A restarted trial notifies again from its new start.
    const reset = await (await superAdmin()).post('/api/reset-freetrial', { account_id: accountId });
    expect(reset.statusCode, reset.body).toBe(200);
    await moveToTrialDay(accountId, 7.05);
    await sendDueNotifications(laurel.context);
    expect((await reminders(email)).at(-1)).toBe('Your Laurel free trial: 7 days left');
    expect(await reminders(email)).toHaveLength(4);
  });

  it('leaves subscribed and banned accounts alone', async () => {
    const subscribed = await registerConfirmedAdmin(laurel);
    const banned = await registerConfirmedAdmin(laurel);
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'advanced-monthly-3' })
      .where(eq(accounts.id, subscribed.user.account!.id));
    const admin = await superAdmin();
    const ban = await admin.post('/api/ban-account', { account_id: banned.user.account!.id, ban: true });
    expect(ban.statusCode, ban.body).toBe(200);

    await moveToTrialDay(subscribed.user.account!.id, 7.5);
    await sendDueNotifications(laurel.context);
    expect(await reminders(subscribed.email)).toEqual([]);
    expect(await reminders(banned.email)).toEqual([]);
  });
});
