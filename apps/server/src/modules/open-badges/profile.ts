import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, portalSettings } from '../../db/schema.ts';
import { absoluteUrl } from './did-web.ts';
import type { Issuer } from './issuer.ts';

/** The OB 3.0 issuer `Profile` (§B.1.14): the DID as its id, the account's name, its website and logo when it has them. */
export interface IssuerProfile {
  id: string;
  type: ['Profile'];
  name: string;
  url?: string;
  image?: { id: string; type: 'Image' };
}

/**
 * Read from the account as it is when the credential is signed. The website is the one the account shows on
 * its recipient portal (portal settings), the only website Laurel keeps for an account.
 */
export async function issuerProfile(context: AppContext, issuer: Issuer): Promise<IssuerProfile> {
  const [row] = await context.db
    .select({ name: accounts.name, imagepath: accounts.imagepath, settings: portalSettings.settings })
    .from(accounts)
    .leftJoin(portalSettings, eq(portalSettings.account_id, accounts.id))
    .where(eq(accounts.id, issuer.accountId));
  const website = (row?.settings as { company_website?: { url?: unknown } } | null)?.company_website?.url;
  return {
    id: issuer.did,
    type: ['Profile'],
    name: row?.name ?? '',
    ...(typeof website === 'string' && /^https?:\/\//i.test(website) ? { url: website } : {}),
    ...(row?.imagepath ? { image: { id: absoluteUrl(context.env, row.imagepath), type: 'Image' as const } } : {}),
  };
}
