import { type LoginResponse, normalizeEmail, PORTAL_MESSAGES } from '@laurel/domain';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, projects, recipients, users } from '../../db/schema.ts';
import { type AppError, badRequest, forbidden, notFound, tooManyAttempts, unauthorized } from '../../http/errors.ts';
import { portalSetPasswordMail } from '../../mail/account-emails.ts';
import { queueMail } from '../../mail/outbox.ts';
import { checkSignInAttempts, clearFailures, createSession, issueCode, recordFailure, verifyPassword } from '../auth/index.ts';
import { portalAddress } from '../delivery/index.ts';
import { audit } from '../system/index.ts';
import { loadUserDto } from '../users/index.ts';
import type { PortalAccountRow } from './portal-account.ts';

/** Where a signed-in holder lands on the portal. */
export const PORTAL_HOME = '/portal/certificates';

/** A certificate issued to this address (by this account when given): sent, not revoked, in a project still kept. */
export function issuedTo(accountId: number | null, email: string) {
  return and(
    ...(accountId === null ? [] : [eq(recipients.account_id, accountId)]),
    eq(recipients.email, email),
    isNotNull(recipients.sent_at),
    isNull(recipients.revoked_at),
    isNull(projects.deleted_at),
  )!;
}

export async function isRecipientOf(context: AppContext, accountId: number, email: string): Promise<boolean> {
  const [row] = await context.db
    .select({ one: sql<number>`1` })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .where(issuedTo(accountId, email))
    .limit(1);
  return !!row;
}

const recipientNotExists = () => notFound(PORTAL_MESSAGES.recipientNotExists, { error_type: 'recipient_not_exists' });

/**
 * Signs a holder in to one account's portal (docs/product/recipient-portal.md#calls `auth-portal`, docs/product/recipient-portal.md#messages error types), under the same
 * throttling as the main sign-in. The portal says which step is missing (no certificate here, no sign-in
 * yet), as the spec's forms need, but every refused attempt counts against the source, so the answers
 * cannot be harvested faster than passwords can be guessed. The second factors of the main sign-in are not
 * offered here: a user with two-factor on, or an address under attack, signs in on the main site.
 */
export async function portalSignIn(
  context: AppContext,
  account: PortalAccountRow,
  input: { email: string; password: string; ip: string; userAgent?: string },
): Promise<LoginResponse> {
  const email = normalizeEmail(input.email);
  const { underAttack } = await checkSignInAttempts(context, email, input.ip);
  const refuse = async (error: AppError) => {
    await recordFailure(context, email, input.ip);
    return error;
  };
  if (!(await isRecipientOf(context, account.id, email))) throw await refuse(recipientNotExists());
  const [found] = await context.db
    .select({ user: users, accountDeletedAt: accounts.deleted_at })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.account_id))
    .where(eq(users.email, email));
  if (!found) throw await refuse(notFound(PORTAL_MESSAGES.userNotExists, { error_type: 'user_not_exists' }));
  const { user } = found;
  if (user.banned) throw forbidden(PORTAL_MESSAGES.banned, { error_type: 'user_is_banned' });
  if (!user.password_hash && !user.confirmed_at) throw forbidden(PORTAL_MESSAGES.notConfirmed, { error_type: 'not_confirmed' });
  if (!(await verifyPassword(user.password_hash, input.password)) || found.accountDeletedAt)
    throw await refuse(unauthorized(PORTAL_MESSAGES.wrongCredentials, { error_type: 'wrong_credentials' }));
  if (!user.confirmed_at) throw forbidden(PORTAL_MESSAGES.notConfirmed, { error_type: 'not_confirmed' });
  if (user.two_factor_enabled_at) throw forbidden(PORTAL_MESSAGES.twoFactor, { error_type: 'two_factor' });
  if (underAttack) throw tooManyAttempts();

  const token = await context.db.transaction(async (tx) => {
    await tx.update(users).set({ last_login_at: context.clock.now() }).where(eq(users.id, user.id));
    return createSession(context, tx as Db, { userId: user.id, ip: input.ip, userAgent: input.userAgent });
  });
  await clearFailures(context, email, input.ip);
  await audit(context, { action: 'auth.portal_login', userId: user.id, accountId: account.id, ip: input.ip });
  return {
    token,
    require_action: null,
    user: await loadUserDto(context, user),
    location: PORTAL_HOME,
    first_sign_in: user.last_login_at === null,
  };
}

/** The name on the latest certificate the account issued to the address: who the recipient is, as the issuer wrote it. */
async function recipientName(context: AppContext, accountId: number, email: string) {
  const [latest] = await context.db
    .select({ first_name: recipients.first_name, last_name: recipients.last_name })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .where(issuedTo(accountId, email))
    .orderBy(desc(recipients.sent_at), desc(recipients.id))
    .limit(1);
  return latest ?? null;
}

/**
 * First-time registration on a portal (docs/product/recipient-portal.md#calls `first-time`, docs/product/recipient-portal.md#messages): a recipient of the account without a
 * sign-in gets one, unconfirmed and without a password, and a link to the portal's set-password page. The
 * link is the confirm link of every sign-in (a `confirm` code), so following it confirms the address.
 * The recipient is not asked their name again: the sign-in takes the one on their latest certificate, unless the
 * caller gives both names.
 */
export async function startPortalSignIn(
  context: AppContext,
  account: PortalAccountRow,
  input: { email: string; first_name?: string; last_name?: string; ip: string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  const issued = await recipientName(context, account.id, email);
  if (!issued) throw recipientNotExists();
  const name = input.first_name && input.last_name ? { first_name: input.first_name, last_name: input.last_name } : issued;
  const userExists = () => badRequest(PORTAL_MESSAGES.userExists, { error_type: 'user_exists' });
  await context.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email, username: email, ...name, roles: [] })
      .onConflictDoNothing()
      .returning();
    if (!created) throw userExists();
    const code = await issueCode(context, tx as Db, created.id, 'confirm');
    const url = `${portalAddress(context, account.url)}/set-password?code=${encodeURIComponent(code)}`;
    const mail = portalSetPasswordMail({ firstName: created.first_name, accountName: account.name, url });
    await queueMail(context, tx as Db, { ...mail, to: email, accountId: account.id });
    await audit(context, { action: 'portal_user.registered', userId: created.id, accountId: account.id, ip: input.ip }, tx as Db);
  });
}

/** Whether the account issued a certificate to the address, and whether the address has a sign-in. */
export async function recipientExists(context: AppContext, account: PortalAccountRow, rawEmail: string) {
  const email = normalizeEmail(rawEmail);
  const exists = await isRecipientOf(context, account.id, email);
  if (!exists) return { exists, user_exists: false };
  const [user] = await context.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { exists, user_exists: !!user };
}
