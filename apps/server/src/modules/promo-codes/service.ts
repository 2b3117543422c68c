import { randomInt } from 'node:crypto';
import {
  PROMO_MESSAGES as M,
  type PromoCode,
  type PromoCodeListQuery,
  type PromoCodePage,
  type promoCodeInput,
  type promoCodeListQuery,
} from '@laurel/domain';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { promoCodes } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { audit } from '../system/index.ts';
import { type PromoRow, presentPromoCode } from './presenter.ts';

/**
 * Super-admins keep the promo codes (docs/product/billing-and-credits.md#calls promo-codes). Every change is audited. Deleting a code
 * keeps what it gave: the credits are ledger entries of their own, and an account keeps the code it
 * registered with as text.
 */

type Input = z.output<typeof promoCodeInput>;
type ListQuery = z.output<typeof promoCodeListQuery>;
export interface Actor {
  id: number;
  ip: string;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** docs/product/billing-and-credits.md#rules-and-limits: an id-based prefix, a dash and 10 random lowercase letters or digits, all upper case. */
const generatedValue = (id: number) =>
  `P${id}-${Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`.toUpperCase();

/** The last moment a code dated YYYY-MM-DD can be used: the end of that day (UTC). */
function endOfDay(date: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw badRequest(M.expireDate, { field: 'expire_date' });
  const end = new Date(`${date}T23:59:59.999Z`);
  if (Number.isNaN(end.getTime()) || end.toISOString().slice(0, 10) !== date) throw badRequest(M.expireDate, { field: 'expire_date' });
  return end;
}

/** The input's rules, each with the field it concerns, and the row values it stands for. */
function validate(context: AppContext, input: Input) {
  if (!input.name) throw badRequest(M.nameRequired, { field: 'name' });
  const value = input.promo_value?.trim().toUpperCase() || null;
  if (value !== null && !/^[A-Z0-9-]{1,50}$/.test(value)) throw badRequest(M.valueFormat, { field: 'promo_value' });
  if (input.amount < 1) throw badRequest(M.amountRequired, { field: 'amount' });
  if (input.type === 'percentage' && input.amount > 100) throw badRequest(M.percentageRange, { field: 'amount' });
  if (input.usage_limit !== null && input.usage_limit !== undefined && input.usage_limit < 1)
    throw badRequest(M.usageLimit, { field: 'usage_limit' });
  const expire = input.expire_date ? endOfDay(input.expire_date) : null;
  if (expire && expire < context.clock.now()) throw badRequest(M.expirePast, { field: 'expire_date' });
  return {
    name: input.name,
    promo_value: value,
    type: input.type,
    amount: input.amount,
    usage_limit: input.usage_limit ?? null,
    expire_date: expire,
    is_active: input.is_active,
  };
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

async function uniqueValue<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(M.valueTaken, { field: 'promo_value' });
    throw error;
  }
}

const SORTS: Record<ListQuery['sort'], SQL[]> = {
  newest: [desc(promoCodes.id)],
  name: [asc(promoCodes.name), asc(promoCodes.id)],
  used: [desc(promoCodes.used_count), desc(promoCodes.id)],
  expire_date: [sql`${promoCodes.expire_date} asc nulls last`, desc(promoCodes.id)],
};

export async function listPromoCodes(context: AppContext, query: PromoCodeListQuery & ListQuery): Promise<PromoCodePage> {
  const conditions: SQL[] = [];
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(promoCodes.name, like), ilike(promoCodes.promo_value, like))!);
  }
  if (query.type) conditions.push(eq(promoCodes.type, query.type));
  if (query.status) conditions.push(eq(promoCodes.is_active, query.status === 'active'));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await context.db
    .select()
    .from(promoCodes)
    .where(where)
    .orderBy(...SORTS[query.sort])
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await context.db.select({ n: count() }).from(promoCodes).where(where);
  return { promo_codes: rows.map(presentPromoCode), count: total?.n ?? 0 };
}

export async function createPromoCode(context: AppContext, actor: Actor, input: Input): Promise<PromoCode> {
  const values = validate(context, input);
  const now = context.clock.now();
  const row = await uniqueValue(() =>
    context.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [inserted] = await tx
        .insert(promoCodes)
        .values({
          ...values,
          promo_value: values.promo_value ?? `PENDING-${now.getTime()}-${randomInt(1e9)}`,
          created_at: now,
          updated_at: now,
        })
        .returning();
      let row: PromoRow = inserted!;
      if (!values.promo_value) {
        const [named] = await tx
          .update(promoCodes)
          .set({ promo_value: generatedValue(row.id) })
          .where(eq(promoCodes.id, row.id))
          .returning();
        row = named!;
      }
      await audit(context, { action: 'promo_code.created', actorId: actor.id, ip: actor.ip, details: presentPromoCode(row) }, tx);
      return row;
    }),
  );
  return presentPromoCode(row);
}

async function change(
  context: AppContext,
  actor: Actor,
  id: number,
  action: string,
  next: (before: PromoRow) => Partial<typeof promoCodes.$inferInsert>,
): Promise<PromoCode> {
  const row = await uniqueValue(() =>
    context.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
      if (!before) throw notFound('Promo code not found.');
      const [after] = await tx
        .update(promoCodes)
        .set({ ...next(before), updated_at: context.clock.now() })
        .where(eq(promoCodes.id, id))
        .returning();
      await audit(
        context,
        { action, actorId: actor.id, ip: actor.ip, details: { before: presentPromoCode(before), after: presentPromoCode(after!) } },
        tx,
      );
      return after!;
    }),
  );
  return presentPromoCode(row);
}

export function updatePromoCode(context: AppContext, actor: Actor, id: number, input: Input): Promise<PromoCode> {
  const values = validate(context, input);
  return change(context, actor, id, 'promo_code.updated', (before) => ({
    ...values,
    promo_value: values.promo_value ?? before.promo_value,
    // Another percentage needs another Stripe coupon: a coupon's discount cannot change.
    coupon_id: values.type === before.type && values.amount === before.amount ? before.coupon_id : null,
  }));
}

export function togglePromoCode(context: AppContext, actor: Actor, id: number): Promise<PromoCode> {
  return change(context, actor, id, 'promo_code.status_changed', (before) => ({ is_active: !before.is_active }));
}

export async function deletePromoCode(context: AppContext, actor: Actor, id: number) {
  await context.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [deleted] = await tx.delete(promoCodes).where(eq(promoCodes.id, id)).returning();
    if (!deleted) throw notFound('Promo code not found.');
    await audit(context, { action: 'promo_code.deleted', actorId: actor.id, ip: actor.ip, details: presentPromoCode(deleted) }, tx);
  });
  return { success: true, message: 'The promo code was deleted.' };
}
