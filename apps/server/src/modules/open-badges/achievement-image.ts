import { migrateDesign } from '@laurel/certificate';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { certificateSets } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { designPng } from '../certificates/index.ts';
import { issuerByPublicId } from './issuer.ts';

/**
 * A set's achievement image: the front of its design as its thumbnail shows it (merge fields by their
 * names, no recipient's data), public like the issuer's other documents, since wallets show it beside every
 * credential of the set. Only a set that has issued a credential has a public id, so only those answer.
 */

/** Wide enough for a wallet's card or a badge page, small enough to draw quickly. */
const IMAGE_WIDTH = 800;
/** Drawn images kept per process, by set and version: a set's image is drawn once per design it has. */
const KEPT = 32;
const drawn = new Map<string, Promise<Buffer>>();

export async function achievementImage(context: AppContext, issuerPublicId: string, setPublicId: string): Promise<Buffer> {
  const issuer = await issuerByPublicId(context, issuerPublicId);
  if (!issuer) throw notFound('Achievement not found.');
  const [set] = await context.db
    .select({ accountId: certificateSets.account_id, design: certificateSets.design, updatedAt: certificateSets.updated_at })
    .from(certificateSets)
    .where(and(eq(certificateSets.account_id, issuer.accountId), eq(certificateSets.public_id, setPublicId)));
  if (!set) throw notFound('Achievement not found.');

  // By the random public ids, not numbers another database (a test's) repeats; a saved change draws anew.
  const key = `${issuerPublicId}:${setPublicId}:${set.updatedAt.getTime()}`;
  let image = drawn.get(key);
  if (!image) {
    image = designPng(context, set.accountId, migrateDesign(set.design), undefined, { width: IMAGE_WIDTH });
    drawn.set(key, image);
    image.catch(() => drawn.delete(key));
    if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value!);
  }
  return image;
}
