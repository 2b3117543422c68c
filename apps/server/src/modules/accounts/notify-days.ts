import { activePlan, availableCredits, NOTIFY_DAYS, planDisplayName, TRIAL_DAYS, UPGRADE_PATH } from '@laurel/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accountNotifications, accounts, recipients, users } from '../../db/schema.ts';
import { notifyDayMail } from '../../mail/account-emails.ts';
import { queueMail } from '../../mail/outbox.ts';

/**
 * Sends the notification-day emails that are due (docs/product/super-admin.md#rules-and-limits): on each day of an account's `notify_days`,
 * counted from its trial start, its admins get one reminder, if the account has no plan. A day is due
 * for the 24 hours after it begins, so a run missed during downtime still sends it and a day long past
 * never does. Each (account, day, trial) is claimed by its row in `account_notifications` before the mail
 * is queued, in one transaction: overlapping runs and retries send nothing twice.
 */
export async function sendDueNotifications(context: AppContext): Promise<number> {
  const now = context.clock.now();
  const due = await context.db.execute<{ account_id: number; day: number }>(sql`
    select a.id as account_id, d.day
    from unnest(${`{${NOTIFY_DAYS.join(',')}}`}::int[]) as d(day)
    join ${accounts} a
      on a.trial_started_at <= ${now}::timestamptz - make_interval(days => d.day)
     and a.trial_started_at > ${now}::timestamptz - make_interval(days => d.day + 1)
    where d.day = any(a.notify_days) and a.deleted_at is null and not a.is_banned
      and not exists (
        select 1 from ${accountNotifications} n
        where n.account_id = a.id and n.day = d.day and n.trial_started_at = a.trial_started_at)`);
  let sent = 0;
  for (const { account_id, day } of due.rows) {
    if (await notifyAccount(context, account_id, day, now)) sent++;
  }
  return sent;
}

async function notifyAccount(context: AppContext, accountId: number, day: number, now: Date): Promise<boolean> {
  return context.db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!account || account.deleted_at || account.is_banned || !account.notify_days.includes(day)) return false;
    const claimed = await tx
      .insert(accountNotifications)
      .values({ account_id: accountId, day, trial_started_at: account.trial_started_at, sent_at: now })
      .onConflictDoNothing()
      .returning({ day: accountNotifications.day });
    // A subscribed account is past the pitch: the day is still marked done, so it is never reconsidered.
    if (!claimed.length || activePlan(account)) return false;
    await mailAdmins(context, tx as Db, account, day);
    return true;
  });
}

async function mailAdmins(context: AppContext, tx: Db, account: typeof accounts.$inferSelect, day: number) {
  const admins = await tx
    .select({ email: users.email, first_name: users.first_name })
    .from(users)
    .where(
      and(
        eq(users.account_id, account.id),
        sql`${users.roles}[1] = 'account_admin'`,
        eq(users.active, true),
        eq(users.banned, false),
        isNotNull(users.confirmed_at),
      ),
    );
  const [counted] = await tx
    .select({ sent: sql<number>`count(*)::int` })
    .from(recipients)
    .where(and(eq(recipients.account_id, account.id), isNotNull(recipients.sent_at)));
  for (const admin of admins) {
    const mail = notifyDayMail({
      firstName: admin.first_name,
      accountName: account.name,
      day,
      // The run falls within the day's first 24 hours: `day` whole days of the trial have passed.
      trialDaysLeft: Math.max(0, TRIAL_DAYS - day),
      planName: planDisplayName(account),
      certificatesSent: counted?.sent ?? 0,
      creditsLeft: availableCredits(account),
      url: `${context.env.PUBLIC_URL}${UPGRADE_PATH}`,
    });
    await queueMail(context, tx, { ...mail, to: admin.email, accountId: account.id });
  }
}
