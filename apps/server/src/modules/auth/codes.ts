import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { userCodes, users } from '../../db/schema.ts';
import { hashToken, randomToken } from '../../secrets.ts';

export type CodeKind = 'confirm' | 'reset' | 'email_change' | 'sign_in' | 'two_factor_disable';

/** Codes the user types from an email rather than follows as a link. */
export type TypedCodeKind = Extract<CodeKind, 'email_change' | 'sign_in' | 'two_factor_disable'>;

export const CODE_LIFETIME_MS: Record<CodeKind, number> = {
  confirm: 7 * 24 * 60 * 60_000,
  reset: 60 * 60_000,
  email_change: 60 * 60_000,
  sign_in: 15 * 60_000,
  two_factor_disable: 15 * 60_000,
};

/**
 * Kinds of which a user holds one valid code at a time: a new reset link ends the earlier unused
 * ones, so a flood of reset mails leaves one working link, not one per mail; a re-sent invitation
 * (a confirm link) ends the one sent before.
 */
const ONE_AT_A_TIME: ReadonlySet<CodeKind> = new Set(['reset', 'confirm']);

/** Issues a single-use code (256 random bits in the link; only the hash is kept). */
export async function issueCode(context: AppContext, tx: Db, userId: number, kind: CodeKind, newEmail?: string): Promise<string> {
  const code = randomToken();
  const now = context.clock.now();
  if (ONE_AT_A_TIME.has(kind)) {
    await tx
      .update(userCodes)
      .set({ used_at: now })
      .where(and(eq(userCodes.user_id, userId), eq(userCodes.kind, kind), isNull(userCodes.used_at)));
  }
  await tx.insert(userCodes).values({
    user_id: userId,
    kind,
    code_hash: hashToken(code),
    new_email: newEmail ?? null,
    expires_at: new Date(now.getTime() + CODE_LIFETIME_MS[kind]),
    created_at: now,
  });
  return code;
}

/** The unused, unexpired code of that kind with its user, or null. */
export async function findValidCode(context: AppContext, kind: CodeKind, code: string) {
  const [row] = await context.db
    .select({ code: userCodes, user: users })
    .from(userCodes)
    .innerJoin(users, eq(users.id, userCodes.user_id))
    .where(
      and(
        eq(userCodes.code_hash, hashToken(code)),
        eq(userCodes.kind, kind),
        isNull(userCodes.used_at),
        gt(userCodes.expires_at, context.clock.now()),
      ),
    );
  return row ?? null;
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(context: AppContext, tx: Db, codeId: number): Promise<boolean> {
  const used = await tx
    .update(userCodes)
    .set({ used_at: context.clock.now() })
    .where(and(eq(userCodes.id, codeId), isNull(userCodes.used_at)))
    .returning({ id: userCodes.id });
  return used.length === 1;
}

/**
 * A six-digit code the user types (email change, sign-in while the address is under attack). Short, so
 * it is bound to the user in its hash and guarded by the attempt limit of the route that checks it; a
 * new one ends the earlier one of the same kind.
 */
export async function issueTypedCode(context: AppContext, tx: Db, userId: number, kind: TypedCodeKind = 'email_change'): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = context.clock.now();
  await tx
    .update(userCodes)
    .set({ used_at: now })
    .where(and(eq(userCodes.user_id, userId), eq(userCodes.kind, kind), isNull(userCodes.used_at)));
  await tx.insert(userCodes).values({
    user_id: userId,
    kind,
    code_hash: hashToken(`${userId}:${code}`),
    expires_at: new Date(now.getTime() + CODE_LIFETIME_MS[kind]),
    created_at: now,
  });
  return code;
}

/** The user's pending typed code of that kind if `code` matches it. */
export async function findTypedCode(context: AppContext, userId: number, code: string, kind: TypedCodeKind = 'email_change') {
  const found = await findValidCode(context, kind, `${userId}:${code}`);
  return found && found.user.id === userId ? found : null;
}
