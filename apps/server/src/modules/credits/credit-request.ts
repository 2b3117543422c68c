import { availableCredits, planDisplayName } from '@laurel/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertMaySend } from '../../http/permissions.ts';
import { escapeHtml } from '../../mail/html.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { Member } from '../certificates/index.ts';

/** Whom a credits request goes to: the account's admins for a sub-user, the super-admins for an admin. */
async function approvers(context: AppContext, member: Member): Promise<string[]> {
  const byRole = (role: string, accountId?: number) =>
    context.db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          sql`${users.roles}[1] = ${role}`,
          eq(users.active, true),
          eq(users.banned, false),
          ne(users.id, member.user.id),
          ...(accountId ? [eq(users.account_id, accountId)] : []),
        ),
      )
      .orderBy(asc(users.id));
  const admins = member.user.roles[0] === 'account_user' ? await byRole('account_admin', member.accountId) : [];
  const rows = admins.length ? admins : await byRole('global_admin');
  const emails = rows.map((r) => r.email);
  return emails.length ? emails : [context.env.ADMIN_EMAIL].filter((e): e is string => !!e);
}

function requestMail(input: { subject: string; lines: string[]; url: string; action: string }) {
  const { subject, lines } = input;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f0;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;border:1px solid #e2e4dc">
<tr><td style="padding:28px 32px 8px;font-size:20px;font-weight:bold;color:#2f4a2a">Laurel</td></tr>
<tr><td style="padding:8px 32px 24px">
${lines.map((l) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155">${escapeHtml(l)}</p>`).join('\n')}
<p style="margin:0"><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:#3d6b35;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(input.action)}</a></p>
</td></tr></table></body></html>`;
  const text = [...lines, '', `${input.action}: ${input.url}`, ''].join('\n');
  return { subject, html, text };
}

const creditsWord = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/**
 * Mails a member's request to whoever can grant it (their account admins for a sub-user, else the
 * super-admins) through the outbox, with a link to the screen where they grant it. `what` completes "asks for ..."; the first address is returned so
 * the screen can say whom it asked.
 */
export async function sendOperatorRequest(
  context: AppContext,
  member: Member,
  request: { what: string; summary: string; action: string; adminPath: string },
) {
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, member.accountId));
  if (!account) throw notFound();
  const to = await approvers(context, member);
  const toSuperAdmin = member.user.roles[0] !== 'account_user' || !to.length;
  const requester = `${member.user.first_name} ${member.user.last_name}`.trim() || member.user.email;
  const mail = requestMail({
    subject: `${account.name}: ${request.summary} requested`,
    lines: [
      `${requester} (${member.user.email}) asks for ${request.what} for the ${account.name} account.`,
      `The account has ${creditsWord(availableCredits(account))} available now.`,
      `Its plan: ${planDisplayName(account)}.`,
    ],
    action: request.action,
    url: `${context.env.PUBLIC_URL}${toSuperAdmin ? request.adminPath : '/account/subscription'}`,
  });
  await context.db.transaction(async (tx) => {
    for (const address of to) {
      await queueMail(context, tx as Db, {
        kind: 'credits_request',
        accountId: account.id,
        to: address,
        replyTo: member.user.email,
        ...mail,
      });
    }
  });
  return { success: true, admin_email: to[0] ?? null, message: 'Your request has been sent.' };
}

/**
 * A member who cannot buy credits asks for them (docs/product/billing-and-credits.md#calls: accounts/send-credits-request): the
 * request is mailed through the outbox to whoever can add them, and the first address is returned
 * so the wizard can say whom it asked.
 */
export async function requestCredits(context: AppContext, member: Member, requested: number) {
  // Credits are asked for to send: a sub-user who may not send has nothing to ask them for.
  assertMaySend(member.user);
  if (requested < 1) throw badRequest('Request at least 1 credit.', { field: 'requestedCredits' });
  return sendOperatorRequest(context, member, {
    what: `${requested} more ${requested === 1 ? 'credit' : 'credits'} to send certificates`,
    summary: `${requested} more ${requested === 1 ? 'credit' : 'credits'}`,
    action: 'Add credits',
    adminPath: '/credits',
  });
}
