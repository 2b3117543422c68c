import { featureAllowed } from '@laurel/domain';
import type { AppContext } from '../context.ts';
import type { accounts } from '../db/schema.ts';

/** The address of an account's recipient portal, on its subdomain of BASE_DOMAIN. */
export function portalAddress(context: AppContext, accountUrl: string): string {
  const publicUrl = new URL(context.env.PUBLIC_URL);
  return `${publicUrl.protocol}//${accountUrl}.${context.env.BASE_DOMAIN}${publicUrl.port ? `:${publicUrl.port}` : ''}/portal`;
}

/**
 * What an account's plan lets its certificate emails link to (docs/product/delivery.md#who-may-do-what): its logo and the recipient portal
 * come with a paid plan or a running trial; an account whose plan or trial lapsed keeps its image and portal address but mails without them.
 */
export function accountMailLinks(context: AppContext, account: typeof accounts.$inferSelect) {
  const now = context.clock.now();
  return {
    logoUrl: account.imagepath && featureAllowed(account, 'logo', now) ? `${context.env.PUBLIC_URL}${account.imagepath}` : null,
    portalUrl: featureAllowed(account, 'recipient_portal', now) ? portalAddress(context, account.url) : null,
  };
}
