import { randomInt } from 'node:crypto';
import { PORTAL_SETTINGS_MESSAGES as M } from '@laurel/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { portalSettings } from '../../db/schema.ts';
import { AppError, badRequest, gone } from '../../http/errors.ts';
import { supportEmailCodeMail } from '../../mail/account-emails.ts';
import { queueMail } from '../../mail/outbox.ts';
import { hashToken } from '../../secrets.ts';
import { audit } from '../system/index.ts';
import { customisableAccount } from './access.ts';

/** Spec-sized code: 6 digits, good for 15 minutes and 5 tries; a new code replaces the one before. */
const CODE_LIFETIME_MS = 15 * 60_000;
export const CODE_TRIES = 5;

const PORTAL_SETTINGS_PATH = '/account/configure-portal-settings';

/** Bound to the account, so the same digits sent to two accounts never hash alike. */
const codeHash = (accountId: number, code: string) => hashToken(`portal-support-email:${accountId}:${code}`);

/** Emails a fresh code to the address; the settings row is created if the account has none yet. */
export async function sendSupportEmailCode(context: AppContext, actor: { userId: number; accountId: number; ip: string }, email: string) {
  const account = await customisableAccount(context, actor.accountId);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = context.clock.now();
  const pending = {
    code_email: email,
    code_hash: codeHash(account.id, code),
    code_expires_at: new Date(now.getTime() + CODE_LIFETIME_MS),
    code_attempts: 0,
  };
  await context.db.transaction(async (tx) => {
    await tx
      .insert(portalSettings)
      .values({ account_id: account.id, ...pending })
      .onConflictDoUpdate({ target: portalSettings.account_id, set: pending });
    const mail = supportEmailCodeMail({ accountName: account.name, code, url: `${context.env.PUBLIC_URL}${PORTAL_SETTINGS_PATH}` });
    await queueMail(context, tx, { ...mail, to: email, accountId: account.id });
    await audit(
      context,
      { action: 'portal_settings.support_code_sent', userId: actor.userId, accountId: account.id, ip: actor.ip, details: { email } },
      tx,
    );
  });
  return { success: true, message: M.codeSent };
}

/**
 * Confirms the address the code went to. Each wrong code counts; the fifth uses the code up (429), an
 * expired one is a 410, and a good one is single-use. The count moves in one statement, so parallel
 * guesses cannot share a try.
 */
export async function validateSupportEmail(context: AppContext, actor: { userId: number; accountId: number; ip: string }, code: string) {
  const { id: accountId } = await customisableAccount(context, actor.accountId);
  const [row] = await context.db.select().from(portalSettings).where(eq(portalSettings.account_id, accountId));
  if (!row?.code_hash || !row.code_email || !row.code_expires_at) throw badRequest(M.noCode, { error_type: 'no_code', field: 'code' });
  if (row.code_expires_at <= context.clock.now()) throw gone(M.codeExpired, { error_type: 'expired', field: 'code' });
  if (row.code_hash !== codeHash(accountId, code)) {
    const [counted] = await context.db
      .update(portalSettings)
      .set({ code_attempts: sql`${portalSettings.code_attempts} + 1` })
      .where(and(eq(portalSettings.account_id, accountId), eq(portalSettings.code_hash, row.code_hash)))
      .returning({ attempts: portalSettings.code_attempts });
    if ((counted?.attempts ?? CODE_TRIES) >= CODE_TRIES) {
      await clearCode(context, accountId, row.code_hash);
      throw new AppError(429, M.codeUsedUp, { error_type: 'too_many_attempts', field: 'code' });
    }
    throw badRequest(M.wrongCode, { error_type: 'wrong_code', field: 'code' });
  }
  const email = row.code_email;
  const used = await context.db.transaction(async (tx) => {
    const done = await tx
      .update(portalSettings)
      .set({ validated_email: email, code_email: null, code_hash: null, code_expires_at: null, code_attempts: 0 })
      .where(and(eq(portalSettings.account_id, accountId), eq(portalSettings.code_hash, row.code_hash!)))
      .returning({ account_id: portalSettings.account_id });
    if (done.length === 1)
      await audit(
        context,
        { action: 'portal_settings.support_email_confirmed', userId: actor.userId, accountId, ip: actor.ip, details: { email } },
        tx,
      );
    return done.length === 1;
  });
  // A parallel request used the same code first.
  if (!used) throw badRequest(M.noCode, { error_type: 'no_code', field: 'code' });
  return { success: true, message: M.emailConfirmed, support_email: { email, validated: true } };
}

async function clearCode(context: AppContext, accountId: number, hash: string) {
  await context.db
    .update(portalSettings)
    .set({ code_email: null, code_hash: null, code_expires_at: null, code_attempts: 0 })
    .where(and(eq(portalSettings.account_id, accountId), eq(portalSettings.code_hash, hash)));
}
