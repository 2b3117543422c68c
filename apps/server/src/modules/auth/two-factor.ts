import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES, TWO_FACTOR_PATH, type TwoFactorKey } from '@laurel/domain';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, twoFactorRecoveryCodes, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { twoFactorDisableCodeMail } from '../../mail/account-emails.ts';
import { queueMail } from '../../mail/outbox.ts';
import { decryptSecret, encryptSecret, hashToken } from '../../secrets.ts';
import { audit } from '../system/index.ts';
import { assertCodeAttemptsLeft, recordCodeFailure } from './attempts.ts';
import { consumeCode, findTypedCode, issueTypedCode } from './codes.ts';
import type { UserRow } from './sessions.ts';
import { newTotpKey, totpQrCode, verifyTotp } from './totp.ts';

/**
 * Two-factor authentication: the TOTP key (encrypted at rest, bound to its user), the last accepted
 * time step (a code is good once), and recovery codes (hashed, single use). Every wrong code counts
 * towards the same limit as the emailed codes: 5 within 15 minutes answer 429.
 */

/** How a second factor was given, as the audit log records it. */
export type SecondFactor = 'totp' | 'recovery_code' | 'email';

interface Actor {
  user: UserRow;
  ip?: string;
}

const keyContext = (userId: number) => `totp:${userId}`;
const wrongPin = () => badRequest(TWO_FACTOR_MESSAGES.wrongPin, { error_type: 'wrong_pin' });

async function loadUser(context: AppContext, userId: number): Promise<UserRow> {
  const [user] = await context.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  return user;
}

// ---- Recovery codes -------------------------------------------------------------------------------

/** No 0/O, 1/I/L: the codes are copied by hand. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Spaces, hyphens and case do not matter when a recovery code is typed. */
const recoveryHash = (userId: number, code: string) => hashToken(`recovery:${userId}:${code.replace(/[\s-]/g, '').toUpperCase()}`);

async function replaceRecoveryCodes(context: AppContext, tx: Db, userId: number): Promise<string[]> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = context.clock.now();
  await tx
    .insert(twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(userId, code), created_at: now })));
  return codes;
}

// ---- Checking a PIN -------------------------------------------------------------------------------

/**
 * Accepts the app's code or a recovery code of a user with two-factor on, using it up: the code's time
 * step becomes the last accepted one (an update that only moves forward, so two requests racing with
 * the same code cannot both pass), or the recovery code is marked used. Null when neither matches.
 */
export async function acceptPin(context: AppContext, user: UserRow, pin: string): Promise<Exclude<SecondFactor, 'email'> | null> {
  if (!user.two_factor_secret) return null;
  const key = decryptSecret(context.secret, user.two_factor_secret, keyContext(user.id));
  const step = await verifyTotp(key, pin.trim(), context.clock.now(), user.two_factor_last_step);
  if (step !== null) {
    const moved = await context.db
      .update(users)
      .set({ two_factor_last_step: step })
      .where(and(eq(users.id, user.id), or(isNull(users.two_factor_last_step), lt(users.two_factor_last_step, step))))
      .returning({ id: users.id });
    return moved.length === 1 ? 'totp' : null;
  }
  const used = await context.db
    .update(twoFactorRecoveryCodes)
    .set({ used_at: context.clock.now() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.user_id, user.id),
        eq(twoFactorRecoveryCodes.code_hash, recoveryHash(user.id, pin)),
        isNull(twoFactorRecoveryCodes.used_at),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length === 1 ? 'recovery_code' : null;
}

/** The sign-in step: throttled like the emailed codes; a wrong PIN is counted, then refused. */
export async function checkSignInPin(context: AppContext, user: UserRow, pin: string): Promise<Exclude<SecondFactor, 'email'> | null> {
  await assertCodeAttemptsLeft(context, user.id);
  const factor = await acceptPin(context, user, pin);
  if (!factor) await recordCodeFailure(context, user.id);
  return factor;
}

// ---- Enrolment ------------------------------------------------------------------------------------

/** A new key, kept (encrypted) as pending until a code from it is confirmed; it replaces any earlier pending one. */
export async function startTwoFactor(context: AppContext, actor: Actor): Promise<TwoFactorKey> {
  const user = await loadUser(context, actor.user.id);
  if (user.two_factor_enabled_at) throw badRequest(TWO_FACTOR_MESSAGES.alreadyEnabled, { error_type: 'two_factor_enabled' });
  const key = newTotpKey();
  await context.db
    .update(users)
    .set({ two_factor_pending_secret: encryptSecret(context.secret, key, keyContext(user.id)) })
    .where(eq(users.id, user.id));
  await audit(context, { action: 'two_factor.key_issued', userId: user.id, accountId: user.account_id, ip: actor.ip });
  return { key, qr_code: await totpQrCode(key, user.email) };
}

/** Confirms the pending key with a code from it: two-factor is on, and ten recovery codes are handed out once. */
export async function enableTwoFactor(context: AppContext, actor: Actor, pin: string): Promise<string[]> {
  const user = await loadUser(context, actor.user.id);
  if (user.two_factor_enabled_at) throw badRequest(TWO_FACTOR_MESSAGES.alreadyEnabled, { error_type: 'two_factor_enabled' });
  if (!user.two_factor_pending_secret) throw badRequest(TWO_FACTOR_MESSAGES.noPendingKey, { error_type: 'no_pending_key' });
  await assertCodeAttemptsLeft(context, user.id);
  const key = decryptSecret(context.secret, user.two_factor_pending_secret, keyContext(user.id));
  const step = await verifyTotp(key, pin.trim(), context.clock.now(), null);
  if (step === null) {
    await recordCodeFailure(context, user.id);
    throw wrongPin();
  }
  return context.db.transaction(async (tx) => {
    const enabled = await tx
      .update(users)
      .set({
        two_factor_secret: user.two_factor_pending_secret,
        two_factor_pending_secret: null,
        two_factor_enabled_at: context.clock.now(),
        two_factor_last_step: step,
      })
      .where(and(eq(users.id, user.id), isNull(users.two_factor_enabled_at)))
      .returning({ id: users.id });
    if (enabled.length !== 1) throw badRequest(TWO_FACTOR_MESSAGES.alreadyEnabled, { error_type: 'two_factor_enabled' });
    const codes = await replaceRecoveryCodes(context, tx, user.id);
    await audit(context, { action: 'two_factor.enabled', userId: user.id, accountId: user.account_id, ip: actor.ip }, tx);
    return codes;
  });
}

// ---- Turning it off -------------------------------------------------------------------------------

export async function sendDisableTwoFactorCode(context: AppContext, actor: Actor): Promise<void> {
  const user = await loadUser(context, actor.user.id);
  if (!user.two_factor_enabled_at) throw badRequest(TWO_FACTOR_MESSAGES.notEnabled, { error_type: 'two_factor_disabled' });
  await context.db.transaction(async (tx) => {
    const code = await issueTypedCode(context, tx, user.id, 'two_factor_disable');
    const mail = twoFactorDisableCodeMail({ firstName: user.first_name, code, url: `${context.env.PUBLIC_URL}${TWO_FACTOR_PATH}` });
    await queueMail(context, tx, { ...mail, to: user.email, accountId: user.account_id });
  });
}

/**
 * Turns two-factor off with the app's code, a recovery code, or (`withEmail`) the code mailed by
 * `sendDisableTwoFactorCode`. The key, its replay mark and the recovery codes are removed.
 */
export async function disableTwoFactor(context: AppContext, actor: Actor, input: { pin_code: string; with_email?: boolean }) {
  const user = await loadUser(context, actor.user.id);
  if (!user.two_factor_enabled_at) throw badRequest(TWO_FACTOR_MESSAGES.notEnabled, { error_type: 'two_factor_disabled' });
  await assertCodeAttemptsLeft(context, user.id);
  let factor: SecondFactor | null = null;
  let emailCodeId: number | null = null;
  if (input.with_email) {
    const found = await findTypedCode(context, user.id, input.pin_code.trim(), 'two_factor_disable');
    if (found) {
      factor = 'email';
      emailCodeId = found.code.id;
    }
  } else {
    factor = await acceptPin(context, user, input.pin_code);
  }
  if (!factor) {
    await recordCodeFailure(context, user.id);
    throw wrongPin();
  }
  await context.db.transaction(async (tx) => {
    if (emailCodeId !== null && !(await consumeCode(context, tx, emailCodeId))) throw wrongPin();
    await tx
      .update(users)
      .set({ two_factor_secret: null, two_factor_pending_secret: null, two_factor_enabled_at: null, two_factor_last_step: null })
      .where(eq(users.id, user.id));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, user.id));
    await audit(
      context,
      { action: 'two_factor.disabled', userId: user.id, accountId: user.account_id, ip: actor.ip, details: { with: factor } },
      tx,
    );
  });
}

// ---- The account's requirement --------------------------------------------------------------------

/**
 * The account admin requires two-factor of every user of the account, or stops requiring it. They must
 * have it on themselves first, or the switch would shut them out of everything but enrolment at once.
 */
export async function setTwoFactorPolicy(context: AppContext, actor: Actor, accountId: number, required: boolean): Promise<boolean> {
  const admin = await loadUser(context, actor.user.id);
  if (admin.account_id !== accountId) throw notFound();
  if (required && !admin.two_factor_enabled_at)
    throw badRequest(TWO_FACTOR_MESSAGES.enableYourselfFirst, { error_type: 'two_factor_disabled' });
  await context.db.transaction(async (tx) => {
    await tx.update(accounts).set({ require_two_factor: required, updated_at: context.clock.now() }).where(eq(accounts.id, accountId));
    await audit(
      context,
      { action: 'two_factor.policy', userId: admin.id, accountId, ip: actor.ip, details: { require_two_factor: required } },
      tx,
    );
  });
  return required;
}
