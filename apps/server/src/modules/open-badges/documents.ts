import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { openBadgeIssuers } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { didDocument, issuerByPublicId } from './issuer.ts';
import { STATUS_LIST_LENGTH, statusListCredential } from './status.ts';

/** An issuer's public documents by its opaque id: 404 for an id that is no issuer, or a list it has not reached. */

async function knownIssuer(context: AppContext, publicId: string) {
  const issuer = await issuerByPublicId(context, publicId);
  if (!issuer) throw notFound('Issuer not found.');
  return issuer;
}

export async function issuerDocument(context: AppContext, publicId: string) {
  return didDocument(context, await knownIssuer(context, publicId));
}

export async function issuerStatusList(context: AppContext, publicId: string, list: number) {
  const issuer = await knownIssuer(context, publicId);
  const next = await nextStatusIndex(context, issuer.accountId);
  if (list * STATUS_LIST_LENGTH >= Math.max(next, 1)) throw notFound('Status list not found.');
  return statusListCredential(context, issuer, list);
}

async function nextStatusIndex(context: AppContext, accountId: number): Promise<number> {
  const [row] = await context.db
    .select({ next: openBadgeIssuers.next_status_index })
    .from(openBadgeIssuers)
    .where(eq(openBadgeIssuers.account_id, accountId));
  return row?.next ?? 0;
}
