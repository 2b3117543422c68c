import { landingPath, MESSAGES, normalizeEmail, type SignInChallenge, type SignInReply, TWO_FACTOR_MESSAGES } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, users } from '../../db/schema.ts';
import { AppError, forbidden, unauthorized } from '../../http/errors.ts';
import { signInCodeMail } from '../../mail/account-emails.ts';
import { queueMail } from '../../mail/outbox.ts';
import { audit } from '../system/index.ts';
import { loadUserDto } from '../users/index.ts';
import { assertCodeAttemptsLeft, checkSignInAttempts, clearFailures, recordCodeFailure, recordFailure } from './attempts.ts';
import { consumeCode, findTypedCode, issueTypedCode } from './codes.ts';
import { verifyPassword } from './passwords.ts';
import { createSession, type UserRow } from './sessions.ts';
import { checkSignInPin, type SecondFactor } from './two-factor.ts';

export interface Credentials {
  email: string;
  password: string;
  ip: string;
  /** Asked on the credentials portal's host, whose form tells its failures apart (docs/product/sign-in-and-sessions.md#messages). */
  credentialsPortal?: boolean;
}

export interface LoginInput extends Credentials {
  email_code?: string;
  pin_code?: string;
  userAgent?: string;
}

export const SIGN_IN_CODE_MESSAGES = {
  challenge: 'There were several failed attempts to sign in to this account, so we emailed you a six-digit code. Enter it to sign in.',
  wrongCode: 'Wrong confirmation code.',
} as const;

/**
 * Why a sign-in on the credentials portal failed: its form offers registration for an unknown address
 * and the confirmation mail for an unconfirmed one (docs/product/sign-in-and-sessions.md#messages). Its register call already answers
 * whether an address has an account (400 when it does), so these say nothing more than it does.
 */
function credentialsPortalFailure(user: UserRow | undefined): 'no_user' | 'not_confirmed' | 'wrong_password' {
  if (!user) return 'no_user';
  return user.confirmed_at ? 'wrong_password' : 'not_confirmed';
}

/**
 * Throttling, the password, then the user's state. On the main host a wrong password answers the same
 * whether or not the address exists or is confirmed, so the form tells nobody who has an account.
 */
async function checkCredentials(context: AppContext, input: Credentials): Promise<{ user: UserRow; underAttack: boolean }> {
  const email = normalizeEmail(input.email);
  const { underAttack } = await checkSignInAttempts(context, email, input.ip);
  const [found] = await context.db
    .select({ user: users, accountDeletedAt: accounts.deleted_at })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.account_id))
    .where(eq(users.email, email));
  const user = found?.user;
  const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password);
  // The users of a deleted account are removed in the background; until then they sign in no more than after.
  if (!user || !passwordOk || found?.accountDeletedAt) {
    await recordFailure(context, email, input.ip);
    if (input.credentialsPortal && !found?.accountDeletedAt) {
      const errorType = credentialsPortalFailure(user);
      if (errorType === 'no_user') throw unauthorized(MESSAGES.emailNotFound, { error_type: errorType });
      if (errorType === 'not_confirmed') throw forbidden(MESSAGES.notConfirmed, { error_type: errorType });
    }
    throw unauthorized(MESSAGES.wrongCredentials, { error_type: 'wrong_password' });
  }
  if (user.banned) throw forbidden(MESSAGES.banned, { error_type: 'user_is_banned' });
  if (!user.active)
    throw forbidden('This user has been deactivated. Please contact your account administrator.', { error_type: 'inactive' });
  if (!user.confirmed_at) throw forbidden(MESSAGES.notConfirmed, { error_type: 'not_confirmed' });
  return { user, underAttack };
}

async function mailSignInCode(context: AppContext, user: UserRow, reason: 'attack' | 'two_factor'): Promise<void> {
  await context.db.transaction(async (tx) => {
    const code = await issueTypedCode(context, tx, user.id, 'sign_in');
    const mail = signInCodeMail({ firstName: user.first_name, code, url: `${context.env.PUBLIC_URL}/login`, reason });
    await queueMail(context, tx, { ...mail, to: user.email, accountId: user.account_id });
  });
}

/** The emailed sign-in code, checked against the limit of typed codes; its id to use up, or a 401. */
async function checkEmailCode(context: AppContext, user: UserRow, code: string): Promise<number> {
  await assertCodeAttemptsLeft(context, user.id);
  const found = await findTypedCode(context, user.id, code, 'sign_in');
  if (!found) {
    await recordCodeFailure(context, user.id);
    throw unauthorized(SIGN_IN_CODE_MESSAGES.wrongCode, { error_type: 'wrong_code' });
  }
  return found.code.id;
}

/**
 * The second factor, when one is due. A user with two-factor on gives the app's code or a recovery code
 * (`pin_code`), or the code `sendSignInCode` mailed (`email_code`); the app's code is enough even when
 * the address is under attack, being the stronger factor. Anyone else under attack gives the emailed code.
 */
async function secondFactor(
  context: AppContext,
  user: UserRow,
  underAttack: boolean,
  input: LoginInput,
): Promise<SignInChallenge | { factor: SecondFactor | null; codeId: number | null }> {
  if (user.two_factor_enabled_at) {
    if (input.pin_code) {
      const factor = await checkSignInPin(context, user, input.pin_code);
      if (!factor) throw unauthorized(TWO_FACTOR_MESSAGES.wrongPin, { error_type: 'google2fa_error' });
      return { factor, codeId: null };
    }
    if (input.email_code) return { factor: 'email', codeId: await checkEmailCode(context, user, input.email_code) };
    return { token: null, require_action: 'google2fa', message: TWO_FACTOR_MESSAGES.challenge };
  }
  if (!underAttack) return { factor: null, codeId: null };
  if (!input.email_code) {
    await mailSignInCode(context, user, 'attack');
    return { token: null, require_action: 'email2fa', message: SIGN_IN_CODE_MESSAGES.challenge };
  }
  return { factor: 'email', codeId: await checkEmailCode(context, user, input.email_code) };
}

/** Signs a user in: throttling, password, account state, the second factor when one is due, then a fresh token. */
export async function login(context: AppContext, input: LoginInput): Promise<SignInReply> {
  const { user, underAttack } = await checkCredentials(context, input);
  const step = await secondFactor(context, user, underAttack, input);
  if ('require_action' in step) return step;
  const { factor, codeId } = step;

  const token = await context.db.transaction(async (tx) => {
    if (codeId !== null && !(await consumeCode(context, tx, codeId)))
      throw unauthorized(SIGN_IN_CODE_MESSAGES.wrongCode, { error_type: 'wrong_code' });
    await tx.update(users).set({ last_login_at: context.clock.now() }).where(eq(users.id, user.id));
    return createSession(context, tx, { userId: user.id, ip: input.ip, userAgent: input.userAgent });
  });
  await clearFailures(context, user.email, input.ip);
  await audit(context, {
    action: 'auth.login',
    userId: user.id,
    accountId: user.account_id,
    ip: input.ip,
    ...(factor === 'email' && { details: { with_email_code: true } }),
    ...((factor === 'totp' || factor === 'recovery_code') && { details: { second_factor: factor } }),
  });
  const dto = await loadUserDto(context, user);
  return { token, require_action: null, user: dto, location: landingPath(dto), first_sign_in: user.last_login_at === null };
}

/** Emails a new sign-in code to the owner of these credentials (the "send me a new code" link of the code form). */
export async function sendSignInCode(context: AppContext, input: Credentials): Promise<void> {
  const { user } = await checkCredentials(context, input);
  await mailSignInCode(context, user, user.two_factor_enabled_at ? 'two_factor' : 'attack');
}

export function assertCsrf(valid: boolean): void {
  if (!valid) throw new AppError(400, MESSAGES.csrf, { error_type: 'csrf' });
}
