import { isValidEmail, MESSAGES, normalizeEmail, type UserDto } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import type { Auth } from '../../http/auth.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import { emailChangeCodeMail } from '../../mail/account-emails.ts';
import { queueMail } from '../../mail/outbox.ts';
import {
  assertCodeAttemptsLeft,
  confirmPassword,
  consumeCode,
  findTypedCode,
  hashPassword,
  issueTypedCode,
  recordCodeFailure,
  revokeUserSessions,
  serverPasswordProblem,
} from '../auth/index.ts';
import { audit } from '../system/index.ts';
import { loadUserDto } from './presenter.ts';

export const PROFILE_MESSAGES = {
  wrongPassword: 'Wrong password',
  passwordUpdated: 'Password has been successfully updated.',
  wrongOldPassword: 'The current password is incorrect.',
  emailChanged: 'Email has been successfully changed.',
  wrongCode: 'Wrong confirmation code.',
  emailTaken: 'An account with this email address already exists.',
} as const;

/** Name update; needs the password as confirmation (docs/product/account.md#rules-and-limits), sent in the body (docs/decisions/0001-departures-from-the-specification.md). */
export async function updateProfile(
  context: AppContext,
  auth: Auth,
  input: { first_name: string; last_name: string; password: string },
): Promise<void> {
  if (!(await confirmPassword(context, auth.user, input.password)))
    throw forbidden(PROFILE_MESSAGES.wrongPassword, { error_type: 'wrong_password' });
  if (!input.first_name || !input.last_name) throw badRequest('First and last name are required.', { error_type: 'required' });
  await context.db
    .update(users)
    .set({ first_name: input.first_name, last_name: input.last_name, updated_at: context.clock.now() })
    .where(eq(users.id, auth.user.id));
}

/** Changes the password; every other session of the user ends, this one stays. */
export async function changePassword(
  context: AppContext,
  auth: Auth,
  input: { oldPassword: string; newPassword: string },
  ip: string,
): Promise<void> {
  if (!(await confirmPassword(context, auth.user, input.oldPassword)))
    throw badRequest(PROFILE_MESSAGES.wrongOldPassword, { field: 'oldPassword' });
  const problem = await serverPasswordProblem(input.newPassword);
  if (problem) throw badRequest(problem, { field: 'newPassword' });
  const passwordHash = await hashPassword(input.newPassword);
  await context.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash, updated_at: context.clock.now() }).where(eq(users.id, auth.user.id));
    await revokeUserSessions(context, tx, auth.user.id, auth.session.id);
    await audit(context, { action: 'user.password_changed', userId: auth.user.id, accountId: auth.user.account_id, ip }, tx);
  });
}

/** Mails a six-digit code to the current address; it must be typed to change the address. */
export async function requestEmailChangeCode(context: AppContext, auth: Auth): Promise<void> {
  try {
    await context.db.transaction(async (tx) => {
      const code = await issueTypedCode(context, tx, auth.user.id);
      const mail = emailChangeCodeMail({ firstName: auth.user.first_name, code, url: `${context.env.PUBLIC_URL}/account` });
      await queueMail(context, tx, { ...mail, to: auth.user.email, accountId: auth.user.account_id });
    });
  } catch (error) {
    context.log.error({ err: error }, 'email change code not queued');
    throw new AppError(500, 'Email sending error. Please check your email.');
  }
}

/** Changes the address with the typed code; answers the user as they now are. */
export async function changeEmail(
  context: AppContext,
  auth: Auth,
  input: { new_email: string; email_confirmation_code: string },
  ip: string,
): Promise<UserDto> {
  const newEmail = normalizeEmail(input.new_email);
  if (!isValidEmail(newEmail)) throw badRequest(MESSAGES.invalidEmail, { error_type: 'required', field: 'new_email' });
  await assertCodeAttemptsLeft(context, auth.user.id);
  const found = await findTypedCode(context, auth.user.id, input.email_confirmation_code.trim());
  if (!found) {
    await recordCodeFailure(context, auth.user.id);
    throw badRequest(PROFILE_MESSAGES.wrongCode, { error_type: 'wrong_code', field: 'email_confirmation_code' });
  }
  const [taken] = await context.db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
  if (taken && taken.id !== auth.user.id) throw badRequest(PROFILE_MESSAGES.emailTaken, { field: 'new_email' });
  await context.db.transaction(async (tx) => {
    if (!(await consumeCode(context, tx, found.code.id))) throw badRequest(PROFILE_MESSAGES.wrongCode);
    await tx.update(users).set({ email: newEmail, username: newEmail, updated_at: context.clock.now() }).where(eq(users.id, auth.user.id));
    await audit(
      context,
      {
        action: 'user.email_changed',
        userId: auth.user.id,
        accountId: auth.user.account_id,
        ip,
        details: { from: auth.user.email, to: newEmail },
      },
      tx,
    );
  });
  const [fresh] = await context.db.select().from(users).where(eq(users.id, auth.user.id));
  return loadUserDto(context, fresh!);
}
