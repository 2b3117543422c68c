import { ADMIN_ACCOUNT_MESSAGES } from '@laurel/domain';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { escapeHtml } from '../../mail/html.ts';
import { queueMail } from '../../mail/outbox.ts';
import { audit } from '../system/index.ts';
import type { Actor } from './actions.ts';

/** The super-admin's words as typed: paragraphs split on blank lines, escaped, with a plain-text twin. */
function compose(message: string): { html: string; text: string } {
  const paragraphs = message
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body style="font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.6;color:#334155">${paragraphs
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;
  return { html, text: `${paragraphs.join('\n\n')}\n` };
}

/**
 * `send-email-accounts`: one message per admin of each chosen live account, recorded in the outbox and
 * queued in one transaction (all or none), and one audit row per account.
 */
export async function emailAccounts(
  context: AppContext,
  actor: Actor,
  input: { account_ids: number[]; subject: string; message: string },
): Promise<number> {
  const ids = [...new Set(input.account_ids)];
  const admins = await context.db
    .select({ email: users.email, accountId: users.account_id })
    .from(users)
    .innerJoin(accounts, sql`${accounts.id} = ${users.account_id}`)
    .where(and(inArray(users.account_id, ids), isNull(accounts.deleted_at), sql`${users.roles}[1] = 'account_admin'`));
  if (!admins.length) throw badRequest(ADMIN_ACCOUNT_MESSAGES.noRecipients);
  const body = compose(input.message);
  await context.db.transaction(async (tx) => {
    for (const admin of admins)
      await queueMail(context, tx as Db, {
        kind: 'admin_announcement',
        to: admin.email,
        subject: input.subject,
        accountId: admin.accountId,
        ...body,
      });
    for (const accountId of new Set(admins.map((a) => a.accountId)))
      await audit(
        context,
        { action: 'account.emailed', accountId, actorId: actor.id, ip: actor.ip, details: { subject: input.subject } },
        tx as Db,
      );
  });
  return new Set(admins.map((a) => a.accountId)).size;
}
