import {
  type CustomDomain,
  type CustomDomainPage,
  type CustomDomainReply,
  type customDomainInput,
  type customDomainListQuery,
  CUSTOM_DOMAIN_MESSAGES as M,
  type sslInput,
} from '@laurel/domain';
import { and, asc, count, desc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, customDomains } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { encryptSecret } from '../../secrets.ts';
import { assertFeature } from '../billing/index.ts';
import { audit } from '../system/index.ts';
import { checkUpload } from './certificates.ts';
import { normalizeHost } from './host-name.ts';
import { forgetCustomDomains, keyContext } from './lookup.ts';
import { type CustomDomainRow, presentAdminCustomDomain, presentCustomDomain } from './presenter.ts';

/**
 * An account's custom portal URL and its certificate (docs/product/recipient-portal.md#flows: active is set with a new URL and
 * cleared with an empty one; SSL needs a URL). Setting a URL or a certificate needs the plan's
 * `custom_url` unless a super-admin does it for the account; clearing either never does. Every change is
 * audited (without the key) and applied to routing and TLS at once in this process (lookup.ts).
 */

export interface Actor {
  accountId: number;
  actorId: number;
  ip: string;
  /** A super-admin acting on an account from the admin screens: the plan gate is theirs to pass. */
  operator: boolean;
}

async function loadAccount(context: AppContext, actor: Actor) {
  const [account] = await context.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, actor.accountId), isNull(accounts.deleted_at)));
  if (!account) throw notFound();
  return account;
}

async function gate(context: AppContext, actor: Actor): Promise<void> {
  const account = await loadAccount(context, actor);
  if (!actor.operator) assertFeature(account, 'custom_url', context.clock.now());
}

async function currentRow(db: Db, accountId: number, lock = false): Promise<CustomDomainRow | undefined> {
  const query = db.select().from(customDomains).where(eq(customDomains.account_id, accountId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

const reply = (message: string, row: CustomDomainRow | undefined): CustomDomainReply => ({
  success: true,
  message,
  domain: presentCustomDomain(row),
});

/** Runs a change in a transaction and makes routing and TLS read the table again once it is committed. */
async function change<T>(context: AppContext, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await context.db.transaction((transaction) => work(transaction as unknown as Db));
  } finally {
    forgetCustomDomains(context);
  }
}

export async function getCustomDomain(context: AppContext, actor: Actor): Promise<CustomDomain> {
  await loadAccount(context, actor);
  return presentCustomDomain(await currentRow(context.db, actor.accountId));
}

export async function saveCustomDomain(
  context: AppContext,
  actor: Actor,
  input: z.output<typeof customDomainInput>,
): Promise<CustomDomainReply> {
  const host = normalizeHost(input.host, context.env.BASE_DOMAIN);
  if (!host) return clearCustomDomain(context, actor);
  await gate(context, actor);
  const [taken] = await context.db
    .select({ id: customDomains.id })
    .from(customDomains)
    .where(and(eq(customDomains.host, host), ne(customDomains.account_id, actor.accountId)));
  if (taken) throw badRequest(M.hostTaken, { field: 'host' });
  const active = input.active ?? true;
  const now = context.clock.now();
  try {
    const row = await change(context, async (tx) => {
      const before = await currentRow(tx, actor.accountId, true);
      // A certificate names its host: another host leaves it without one.
      const keepsCertificate = before?.host === host;
      const values = {
        host,
        active,
        ...(keepsCertificate ? {} : { is_ssl: false, certificate: null, certificate_key: null, not_after: null }),
        updated_at: now,
      };
      const [after] = before
        ? await tx.update(customDomains).set(values).where(eq(customDomains.id, before.id)).returning()
        : await tx
            .insert(customDomains)
            .values({ ...values, account_id: actor.accountId, created_at: now })
            .returning();
      await audit(
        context,
        {
          action: 'custom_domain.saved',
          accountId: actor.accountId,
          actorId: actor.actorId,
          ip: actor.ip,
          details: { before: before ? { host: before.host, active: before.active } : null, after: { host, active } },
        },
        tx,
      );
      return after!;
    });
    return reply(M.urlSaved, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(M.hostTaken, { field: 'host' });
    throw error;
  }
}

async function clearCustomDomain(context: AppContext, actor: Actor): Promise<CustomDomainReply> {
  await loadAccount(context, actor);
  await change(context, async (tx) => {
    const [removed] = await tx.delete(customDomains).where(eq(customDomains.account_id, actor.accountId)).returning();
    if (removed)
      await audit(
        context,
        {
          action: 'custom_domain.cleared',
          accountId: actor.accountId,
          actorId: actor.actorId,
          ip: actor.ip,
          details: { host: removed.host },
        },
        tx,
      );
  });
  return reply(M.urlCleared, undefined);
}

export async function saveCertificate(context: AppContext, actor: Actor, input: z.output<typeof sslInput>): Promise<CustomDomainReply> {
  await gate(context, actor);
  const existing = await currentRow(context.db, actor.accountId);
  if (!existing?.host) throw badRequest(M.urlRequiredForSsl, { field: 'host' });
  const checked = await checkUpload(input.ssl.certificate, input.ssl.certificate_key, existing.host, context.clock.now());
  const keyPem = checked.key.export({ type: 'pkcs8', format: 'pem' }).toString();
  const row = await change(context, async (tx) => {
    const before = await currentRow(tx, actor.accountId, true);
    // The URL changed while the certificate was being checked: it was checked against another name.
    if (before?.host !== existing.host) throw badRequest(M.urlRequiredForSsl, { field: 'host' });
    const [after] = await tx
      .update(customDomains)
      .set({
        is_ssl: true,
        certificate: checked.chainPem,
        certificate_key: encryptSecret(context.secret, keyPem, keyContext(actor.accountId)),
        not_after: checked.notAfter,
        updated_at: context.clock.now(),
      })
      .where(eq(customDomains.id, before.id))
      .returning();
    await audit(
      context,
      {
        action: 'custom_domain.certificate_saved',
        accountId: actor.accountId,
        actorId: actor.actorId,
        ip: actor.ip,
        details: { host: before.host, names: checked.summary.names, issuer: checked.summary.issuer, not_after: checked.summary.not_after },
      },
      tx,
    );
    return after!;
  });
  return reply(M.sslSaved, row);
}

export async function removeCertificate(context: AppContext, actor: Actor): Promise<CustomDomainReply> {
  await loadAccount(context, actor);
  const row = await change(context, async (tx) => {
    const before = await currentRow(tx, actor.accountId, true);
    if (!before?.is_ssl) return before;
    const [after] = await tx
      .update(customDomains)
      .set({ is_ssl: false, certificate: null, certificate_key: null, not_after: null, updated_at: context.clock.now() })
      .where(eq(customDomains.id, before.id))
      .returning();
    await audit(
      context,
      {
        action: 'custom_domain.certificate_removed',
        accountId: actor.accountId,
        actorId: actor.actorId,
        ip: actor.ip,
        details: { host: before.host },
      },
      tx,
    );
    return after;
  });
  return reply(M.sslRemoved, row);
}

type ListQuery = z.output<typeof customDomainListQuery>;

const SORTS: Record<ListQuery['sort'], SQL[]> = {
  newest: [desc(customDomains.id)],
  host: [asc(customDomains.host)],
  account: [asc(accounts.name), asc(customDomains.id)],
  expiry: [sql`${customDomains.not_after} asc nulls last`, desc(customDomains.id)],
};

/** Super-admins' list (docs/product/recipient-portal.md#calls `GET custom-domains`): searched by host or account name, paged. */
export async function listCustomDomains(context: AppContext, query: ListQuery): Promise<CustomDomainPage> {
  const like = query.like ? `%${query.like.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = like ? or(ilike(customDomains.host, like), ilike(accounts.name, like)) : undefined;
  const rows = await context.db
    .select({ domain: customDomains, account_name: accounts.name })
    .from(customDomains)
    .innerJoin(accounts, eq(accounts.id, customDomains.account_id))
    .where(where)
    .orderBy(...SORTS[query.sort])
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await context.db
    .select({ n: count() })
    .from(customDomains)
    .innerJoin(accounts, eq(accounts.id, customDomains.account_id))
    .where(where);
  return {
    custom_domains: rows.map((r) => presentAdminCustomDomain({ ...r.domain, account_name: r.account_name })),
    count: total?.n ?? 0,
  };
}
