import {
  featureAllowed,
  normalizeEmail,
  PORTAL_MESSAGES,
  type PortalCertificate,
  type PortalList,
  type PortalListQuery,
} from '@laurel/domain';
import { and, count, desc, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { containsPattern } from '../../db/like.ts';
import { accounts, authFailures, projects, recipients } from '../../db/schema.ts';
import type { Auth } from '../../http/auth.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { awardedTitle, recipientLinks, resendToHolder } from '../delivery/index.ts';
import type { PortalAccountRow } from './portal-account.ts';
import { issuedTo } from './sign-in.ts';

/** A holder may have one certificate emailed again this often (per certificate, whoever asks). */
const RESENDS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

const row = {
  id: recipients.id,
  first_name: recipients.first_name,
  last_name: recipients.last_name,
  meta: recipients.meta,
  token: recipients.token,
  sent_at: recipients.sent_at,
  memo: recipients.portal_memo,
  snapshot: projects.snapshot,
  project_created_at: projects.created_at,
  issuer: accounts.name,
};

const pageOf = (context: AppContext, where: SQL | undefined, query: PortalListQuery) =>
  context.db
    .select(row)
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .where(where)
    .orderBy(desc(recipients.sent_at), desc(recipients.id))
    .limit(query.limit)
    .offset(query.offset);

function present(context: AppContext, r: Row, linkedIn: boolean): PortalCertificate {
  const links = recipientLinks(context, r.token);
  return {
    id: r.id,
    title: awardedTitle(r.snapshot),
    first_name: r.first_name,
    last_name: r.last_name,
    issuer: r.issuer,
    image_url: links.image,
    public_url: links.certificate,
    pdf_url: links.pdf,
    linkedin_url: linkedIn ? links.linkedin : null,
    earned: (r.sent_at ?? r.project_created_at).toISOString(),
    expired: r.meta.EXPIRATION_DATE || 'None',
    memo: r.memo ?? '',
  };
}

type Row = Awaited<ReturnType<typeof pageOf>>[number];

/**
 * The certificates one account issued to one address, newest first, a page at a time, searched in the
 * set's name, the project title, the holder's memo and the names on the certificate. Each offers its PDF, and
 * LinkedIn where the account's plan has it (docs/product/recipient-portal.md#screens).
 */
export async function certificatesOf(
  context: AppContext,
  account: PortalAccountRow,
  rawEmail: string,
  query: PortalListQuery,
): Promise<PortalList> {
  const linkedIn = featureAllowed(account, 'linkedin', context.clock.now());
  const conditions = [issuedTo(account.id, normalizeEmail(rawEmail))];
  if (query.like) {
    const p = containsPattern(query.like);
    conditions.push(
      or(
        ilike(sql`${projects.snapshot}->>'name'`, p),
        ilike(projects.title, p),
        ilike(recipients.portal_memo, p),
        ilike(sql`(${recipients.first_name} || ' ' || ${recipients.last_name})`, p),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    pageOf(context, where, query),
    context.db.select({ value: count() }).from(recipients).innerJoin(projects, eq(projects.id, recipients.project_id)).where(where),
  ]);
  return { certificates: rows.map((r) => present(context, r, linkedIn)), count: total?.value ?? 0 };
}

/** The no-login list (docs/product/recipient-portal.md#screens): only on an account whose recipients need no sign-in. */
export function noLoginCertificates(context: AppContext, account: PortalAccountRow, email: string, query: PortalListQuery) {
  if (!account.recipients_no_login) throw forbidden(PORTAL_MESSAGES.notAllowed, { error_type: 'not_allowed' });
  return certificatesOf(context, account, email, query);
}

/** The signed-in list: a holder reads the certificates sent to their own address, never another's. */
export function myCertificates(context: AppContext, account: PortalAccountRow, auth: Auth, email: string, query: PortalListQuery) {
  if (normalizeEmail(email) !== auth.user.email) throw forbidden(PORTAL_MESSAGES.notYours, { error_type: 'not_yours' });
  return certificatesOf(context, account, auth.user.email, query);
}

/** A recipient row a holder may act on: theirs by address, issued, in a kept project of an open account. */
async function holderRecipient(context: AppContext, id: number, email: string) {
  const [found] = await context.db
    .select({ id: recipients.id, account_id: recipients.account_id, email: recipients.email, no_login: accounts.recipients_no_login })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .where(and(eq(recipients.id, id), issuedTo(null, email), sql`${accounts.deleted_at} is null`, eq(accounts.is_banned, false)));
  // Someone else's certificate answers as a missing one: the portal does not confirm that an id exists.
  if (!found) throw notFound(PORTAL_MESSAGES.notYours, { error_type: 'recipient_not_exists' });
  return found;
}

/** The holder's memo on their certificate (docs/product/recipient-portal.md#calls `recipients/update-memo`). */
export async function updateMemo(context: AppContext, auth: Auth, id: number, memo: string): Promise<void> {
  await holderRecipient(context, id, auth.user.email);
  const text = memo.trim();
  await context.db
    .update(recipients)
    .set({ portal_memo: text || null })
    .where(eq(recipients.id, id));
}

/**
 * "Email me this certificate again": the signed-in holder of the address, or, on an account whose
 * recipients need no sign-in, whoever names the address it was sent to (it goes to that address only).
 * Three times an hour per certificate, counted in the database so the limit holds across processes.
 */
export async function emailAgain(context: AppContext, auth: Auth | null, id: number, givenEmail: string | undefined): Promise<void> {
  const email = auth?.user.email ?? (givenEmail ? normalizeEmail(givenEmail) : null);
  if (!email) throw unauthorized(PORTAL_MESSAGES.notAllowed, { error_type: 'unauthenticated' });
  const found = await holderRecipient(context, id, email);
  if (!auth && !found.no_login) throw unauthorized(PORTAL_MESSAGES.notAllowed, { error_type: 'unauthenticated' });
  const key = `portal_resend:${found.id}`;
  const since = new Date(context.clock.now().getTime() - HOUR_MS);
  const [done] = await context.db
    .select({ value: count() })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gte(authFailures.created_at, since)));
  if ((done?.value ?? 0) >= RESENDS_PER_HOUR) throw new AppError(429, PORTAL_MESSAGES.resendLimit, { error_type: 'resend_limit' });
  if (!(await resendToHolder(context, found.id))) throw forbidden(PORTAL_MESSAGES.notDelivered, { error_type: 'not_delivered' });
  await context.db.insert(authFailures).values({ key, created_at: context.clock.now() });
}
