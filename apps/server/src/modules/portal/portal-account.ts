import { featureAllowed, PORTAL_MESSAGES, type PortalAccount } from '@laurel/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { type HostInfo, resolveHost } from '../../http/host.ts';

export type PortalAccountRow = typeof accounts.$inferSelect;

const invalidAccount = () => notFound(PORTAL_MESSAGES.invalidAccount, { error_type: 'invalid_account' });

/**
 * An account whose portal answers: it exists, is not being deleted or banned, and its plan has the recipient
 * portal (docs/product/account.md#who-may-do-what: Basic and above; docs/product/account.md#flows: any other account shows the invalid-account screen). Its
 * recipients' certificate links work on any plan; only the portal is a plan feature.
 */
export async function openAccount(context: AppContext, accountId: number | undefined): Promise<PortalAccountRow> {
  if (accountId === undefined) throw invalidAccount();
  const [account] = await context.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), isNull(accounts.deleted_at), eq(accounts.is_banned, false)));
  if (!account || !featureAllowed(account, 'recipient_portal', context.clock.now())) throw invalidAccount();
  return account;
}

/** The account whose portal the request's host is, or 404 `invalid_account` (the main host has none). */
export const hostAccount = (context: AppContext, host: HostInfo) => openAccount(context, host.account?.id);

/** The account of a host name given in the query (the login page asks with its own). */
export async function accountOfHost(context: AppContext, host: string): Promise<PortalAccountRow> {
  return hostAccount(context, await resolveHost(context, host));
}

/** Branding (docs/product/recipient-portal.md#screens): a portal that answers has the plan for it, so a logo is all it takes; otherwise it stays plain. */
export function presentPortalAccount(account: PortalAccountRow): PortalAccount {
  return {
    id: account.id,
    name: account.name,
    url: account.url,
    logo: account.imagepath,
    recipients_no_login: account.recipients_no_login,
    branding: !!account.imagepath,
  };
}
