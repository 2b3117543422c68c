import {
  type ConfirmResponse,
  confirmPasswordProblem,
  landingPath,
  MESSAGES,
  normalizeEmail,
  type PasswordSetReply,
  type SetPasswordRequest,
} from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { resetPasswordMail } from '../../mail/account-emails.ts';
import { queueMail } from '../../mail/outbox.ts';
import { audit } from '../system/index.ts';
import { loadUserDto } from '../users/index.ts';
import { type CodeKind, consumeCode, findValidCode, issueCode } from './codes.ts';
import { hashPassword, serverPasswordProblem } from './passwords.ts';
import { createSession, revokeUserSessions } from './sessions.ts';

const invalidLink = () => notFound(MESSAGES.invalidLink, { error_type: 'invalid_link', redirect: '/?link=expired' });

/**
 * Forgot password: mails a reset link when the address has an account. The reply is the same
 * either way, so the form cannot be used to find out who has an account (docs/decisions/0004-sign-in-sessions-and-passwords.md).
 */
export async function requestPasswordReset(context: AppContext, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const [user] = await context.db.select().from(users).where(eq(users.email, email));
  if (!user || user.banned) return;
  await context.db.transaction(async (tx) => {
    const code = await issueCode(context, tx, user.id, 'reset');
    const url = `${context.env.PUBLIC_URL}/user/reset/${code}`;
    await queueMail(context, tx, { ...resetPasswordMail({ firstName: user.first_name, url }), to: user.email, accountId: user.account_id });
  });
}

/** Checks a confirm or reset link without using it up. */
export async function checkLink(context: AppContext, kind: CodeKind, code: string): Promise<ConfirmResponse> {
  const found = await findValidCode(context, kind, code);
  if (!found || found.user.banned) throw invalidLink();
  return { show_toc: kind === 'confirm' && !found.user.terms_accepted_at, email: found.user.email };
}

/**
 * Sets the password from a confirm or reset link. Both confirm the address (the user proved they
 * read mail sent to it) and end every other session of the user. The terms are asked for once: a
 * confirmation needs them only from someone who did not accept them when registering. The user is
 * then signed in, as the password they just chose would sign them in, unless a sign-in also needs
 * their second factor, which the link does not prove.
 */
export async function setPasswordFromLink(
  context: AppContext,
  kind: CodeKind,
  input: SetPasswordRequest,
  client: { ip: string; userAgent?: string },
): Promise<PasswordSetReply> {
  const found = await findValidCode(context, kind, input.code);
  if (!found || found.user.banned) throw invalidLink();
  const problem = (await serverPasswordProblem(input.password)) ?? confirmPasswordProblem(input.password, input.password_confirmation);
  if (problem) throw badRequest(problem, { error_type: 'password', field: 'password' });
  const user = found.user;
  if (kind === 'confirm' && !user.terms_accepted_at && !input.accept_terms) {
    throw badRequest('Please accept the Terms of Service to continue.', { error_type: 'required', field: 'accept_terms' });
  }
  const signsIn = user.active && !user.two_factor_enabled_at;
  const passwordHash = await hashPassword(input.password);
  const token = await context.db.transaction(async (tx) => {
    if (!(await consumeCode(context, tx, found.code.id))) throw invalidLink();
    const now = context.clock.now();
    await tx
      .update(users)
      .set({
        password_hash: passwordHash,
        confirmed_at: user.confirmed_at ?? now,
        ...(kind === 'confirm' && { terms_accepted_at: user.terms_accepted_at ?? now }),
        ...(signsIn && { last_login_at: now }),
        updated_at: now,
      })
      .where(eq(users.id, user.id));
    await revokeUserSessions(context, tx, user.id);
    await audit(
      context,
      { action: kind === 'confirm' ? 'user.confirmed' : 'user.password_reset', userId: user.id, accountId: user.account_id, ip: client.ip },
      tx,
    );
    return signsIn ? createSession(context, tx, { userId: user.id, ip: client.ip, userAgent: client.userAgent }) : null;
  });
  if (!token) return { success: true, session: null };
  const [fresh] = await context.db.select().from(users).where(eq(users.id, user.id));
  const dto = await loadUserDto(context, fresh!);
  return {
    success: true,
    session: { token, require_action: null, user: dto, location: landingPath(dto), first_sign_in: user.last_login_at === null },
  };
}
