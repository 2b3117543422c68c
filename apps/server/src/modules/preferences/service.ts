import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, recipients, suppressions } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';

export const PREFERENCE_MESSAGES = {
  notFound: 'This link is not valid. Check that it was copied whole.',
  unsubscribed: (account: string) => `You will no longer receive emails from ${account}.`,
  subscribed: (account: string) => `You will receive emails from ${account} again.`,
  bounced: (account: string) =>
    `Emails to this address were stopped because an earlier one could not be delivered. This cannot be undone from here: please ask ${account} to send to you again.`,
} as const;

/** Why an address is not mailed; a bounce was the receiving server's decision, not the recipient's. */
export type SuppressionReason = 'unsubscribe' | 'bounce' | 'complaint';

export interface RecipientPreferences {
  accountName: string;
  email: string;
  reason: SuppressionReason | null;
}

/**
 * The recipient a preferences link names, with its account. The link reaches people only in a sent
 * email, so a recipient never mailed (or an account since deleted) has no preferences page.
 */
async function recipientByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      accountId: recipients.account_id,
      email: recipients.email,
      sentAt: recipients.sent_at,
      state: recipients.state,
      accountName: accounts.name,
    })
    .from(recipients)
    .innerJoin(accounts, and(eq(accounts.id, recipients.account_id), isNull(accounts.deleted_at)))
    .where(eq(recipients.token, token));
  if (!row || (!row.sentAt && !['sent', 'bounced'].includes(row.state))) throw notFound(PREFERENCE_MESSAGES.notFound);
  return row;
}

async function suppressionOf(db: Db, accountId: number, email: string): Promise<SuppressionReason | null> {
  const [row] = await db
    .select({ reason: suppressions.reason })
    .from(suppressions)
    .where(and(eq(suppressions.account_id, accountId), eq(suppressions.email, email)));
  return (row?.reason as SuppressionReason | undefined) ?? null;
}

export async function readPreferences(context: AppContext, token: string): Promise<RecipientPreferences> {
  const recipient = await recipientByToken(context.db, token);
  return {
    accountName: recipient.accountName,
    email: recipient.email,
    reason: await suppressionOf(context.db, recipient.accountId, recipient.email),
  };
}

/**
 * Subscribes or unsubscribes the address for the link's account: the account's suppression row for it
 * is removed or written (reason 'unsubscribe'). A bounce stays: the address did not accept mail, and
 * only the issuer may decide to try it again. A complaint came from the recipient, so they may lift it.
 */
export async function updatePreferences(context: AppContext, token: string, subscribed: boolean): Promise<RecipientPreferences> {
  return context.db.transaction(async (tx) => {
    const recipient = await recipientByToken(tx as Db, token);
    const current = await suppressionOf(tx as Db, recipient.accountId, recipient.email);
    const where = and(eq(suppressions.account_id, recipient.accountId), eq(suppressions.email, recipient.email));
    let reason = current;
    if (subscribed && current === 'bounce') throw conflict(PREFERENCE_MESSAGES.bounced(recipient.accountName), { error_type: 'bounced' });
    if (subscribed && current) {
      await tx.delete(suppressions).where(where);
      reason = null;
    }
    if (!subscribed && !current) {
      await tx
        .insert(suppressions)
        .values({ account_id: recipient.accountId, email: recipient.email, reason: 'unsubscribe', created_at: context.clock.now() })
        .onConflictDoNothing();
      reason = (await suppressionOf(tx as Db, recipient.accountId, recipient.email)) ?? 'unsubscribe';
    }
    return { accountName: recipient.accountName, email: recipient.email, reason };
  });
}
