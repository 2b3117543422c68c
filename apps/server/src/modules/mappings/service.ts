import { canChangeMapping, MAPPING_MESSAGES, type MappingBody, type MappingRule } from '@laurel/domain';
import { asc, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, mappings } from '../../db/schema.ts';
import { type Auth, accessUser } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { assertMaySend } from '../../http/permissions.ts';
import { assertFeature } from '../billing/index.ts';
import { audit } from '../system/index.ts';

const isSuperAdmin = (auth: Auth) => auth.user.roles[0] === 'global_admin';

const isNameTaken = (error: unknown) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (
    (e.code ?? e.cause?.code) === '23505' &&
    /mappings_name_unique/.test(e.constraint ?? e.cause?.constraint ?? String((error as Error).message))
  );
};

/**
 * Saves a mapping. A global one (for every account) is a super-admin's; an account's own needs a
 * paid plan (docs/product/billing-and-credits.md#rules-and-limits: saving a mapping is premium), checked here and not only in the wizard, and
 * from a sub-user the right to send: mappings are the send wizard's.
 */
export async function saveMapping(context: AppContext, auth: Auth, input: { name: string; rules: MappingRule[]; global?: boolean }) {
  let accountId: number | null = null;
  if (input.global) {
    if (!isSuperAdmin(auth)) throw forbidden();
  } else {
    if (auth.user.account_id === null) throw forbidden();
    assertMaySend(auth.user);
    const [account] = await context.db.select().from(accounts).where(eq(accounts.id, auth.user.account_id));
    if (!account) throw notFound();
    assertFeature(account, 'mapping_save', context.clock.now());
    accountId = account.id;
  }
  try {
    const [row] = await context.db
      .insert(mappings)
      .values({ account_id: accountId, name: input.name, rules: input.rules, created_by: auth.user.id, created_at: context.clock.now() })
      .returning();
    return row!;
  } catch (error) {
    if (isNameTaken(error)) throw badRequest(MAPPING_MESSAGES.nameTaken, { error_type: 'exist', field: 'name' });
    throw error;
  }
}

/**
 * The mappings a caller reads from `GET mappings`: the global ones (`where[global]=1`, the admin's
 * Data Mappings list), or the global ones and their account's own.
 */
export function listMappings(context: AppContext, auth: Auth, globalOnly: boolean) {
  const accountId = auth.user.account_id;
  const where =
    globalOnly || accountId === null ? isNull(mappings.account_id) : or(isNull(mappings.account_id), eq(mappings.account_id, accountId));
  return context.db.select().from(mappings).where(where).orderBy(asc(mappings.name), asc(mappings.id));
}

/**
 * Changes a mapping's name and columns, with the same rights as deleting it: a global one is a
 * super-admin's (audited: it changes every account's wizard), an account's own its admins' and the
 * sub-user's who saved it.
 */
export async function updateMapping(context: AppContext, auth: Auth, id: number, input: MappingBody, ip: string) {
  const row = await writableMapping(context, auth, id);
  try {
    return await context.db.transaction(async (tx) => {
      const [updated] = await tx.update(mappings).set({ name: input.name, rules: input.rules }).where(eq(mappings.id, row.id)).returning();
      await audit(
        context,
        {
          action: 'mapping.update',
          accountId: row.account_id,
          actorId: auth.user.id,
          ip,
          details: { mapping_id: row.id, name: input.name, columns: input.rules.length, global: row.account_id === null },
        },
        tx as Db,
      );
      return updated!;
    });
  } catch (error) {
    if (isNameTaken(error)) throw badRequest(MAPPING_MESSAGES.nameTaken, { error_type: 'exist', field: 'name' });
    throw error;
  }
}

export function listGlobalMappings(context: AppContext) {
  return context.db.select().from(mappings).where(isNull(mappings.account_id)).orderBy(asc(mappings.name), asc(mappings.id));
}

/** An account's own mappings: its members read them, super-admins read any account's. */
export async function listAccountMappings(context: AppContext, auth: Auth, accountId: number) {
  if (auth.user.account_id !== accountId && !isSuperAdmin(auth)) throw notFound();
  return context.db.select().from(mappings).where(eq(mappings.account_id, accountId)).orderBy(asc(mappings.name), asc(mappings.id));
}

/**
 * Deletes a mapping. Another account's is a 404 like anything of another tenant; a global one is
 * visible to everyone, so refusing it to a non-super-admin is a plain 403.
 */
export async function deleteMapping(context: AppContext, auth: Auth, id: number): Promise<void> {
  const row = await writableMapping(context, auth, id);
  await context.db.delete(mappings).where(eq(mappings.id, row.id));
}

/**
 * A mapping the caller may change or delete: another account's is a 404; a global one is a super-admin's;
 * an account's own needs the right to send, and from a sub-user that they saved it (`canChangeMapping`,
 * which the wizard reads to offer Delete): the admin's and colleagues' presets are not theirs to rename or remove.
 */
async function writableMapping(context: AppContext, auth: Auth, id: number) {
  const [row] = await context.db.select().from(mappings).where(eq(mappings.id, id));
  if (!row) throw notFound();
  if (row.account_id === null) {
    if (!isSuperAdmin(auth)) throw forbidden();
  } else if (row.account_id !== auth.user.account_id && !isSuperAdmin(auth)) {
    throw notFound();
  } else {
    assertMaySend(auth.user);
    if (!canChangeMapping(accessUser(auth.user), { global: false, created_by: row.created_by })) throw forbidden(MAPPING_MESSAGES.notYours);
  }
  return row;
}
