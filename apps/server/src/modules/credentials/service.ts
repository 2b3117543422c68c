import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { containsPattern } from '../../db/like.ts';
import { accounts, projects, recipients } from '../../db/schema.ts';

/** The holder's certificates: sent (the link exists from then on), by an issuer that has not withdrawn them. */
function heldBy(email: string): SQL {
  return and(
    eq(recipients.email, email),
    inArray(recipients.state, ['sent', 'bounced']),
    isNull(projects.deleted_at),
    isNull(accounts.deleted_at),
  )!;
}

export interface CredentialRow {
  id: number;
  token: string;
  accountId: number;
  accountName: string;
  certificateName: string;
  firstName: string;
  lastName: string;
  sentAt: Date | null;
  createdAt: Date;
  expiration: string | null;
  memo: string | null;
  revokedAt: Date | null;
}

/**
 * One page of the certificates any issuer sent to this address, newest first, with how many match and
 * every issuer among them (the filter lists them all whatever the search). Recipients are stored with
 * their address lowercased, as users are, so the match is exact and uses `recipients_email_idx`.
 */
export async function listCredentials(
  context: AppContext,
  email: string,
  query: { search?: string; account_id?: number; page: number; limit: number },
): Promise<{ rows: CredentialRow[]; count: number; issuers: { id: number; name: string }[] }> {
  const conditions = [heldBy(email)];
  if (query.account_id) conditions.push(eq(recipients.account_id, query.account_id));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(ilike(recipients.portal_memo, pattern), ilike(recipients.first_name, pattern), ilike(recipients.last_name, pattern))!,
    );
  }
  const where = and(...conditions);

  const rows = await context.db
    .select({
      id: recipients.id,
      token: recipients.token,
      accountId: accounts.id,
      accountName: accounts.name,
      certificateName: sql<string>`${projects.snapshot}->>'name'`,
      firstName: recipients.first_name,
      lastName: recipients.last_name,
      sentAt: recipients.sent_at,
      createdAt: recipients.created_at,
      expiration: sql<string | null>`${recipients.meta}->>'EXPIRATION_DATE'`,
      memo: recipients.portal_memo,
      revokedAt: recipients.revoked_at,
    })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .where(where)
    .orderBy(desc(sql`coalesce(${recipients.sent_at}, ${recipients.created_at})`), desc(recipients.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);

  const [total] = await context.db
    .select({ count: count() })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .where(where);

  const issuers = await context.db
    .selectDistinct({ id: accounts.id, name: accounts.name })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .where(heldBy(email))
    .orderBy(asc(accounts.name), asc(accounts.id));
  return { rows, count: Number(total?.count ?? 0), issuers };
}
