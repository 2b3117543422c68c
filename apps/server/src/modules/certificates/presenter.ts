import { migrateDesign } from '@laurel/certificate';
import type { CertificateSet, CertificateSummary, EmailDesign } from '@laurel/domain';
import type { AppContext } from '../../context.ts';
import type { certificateSets } from '../../db/schema.ts';
import { signPath } from '../../http/signed-urls.ts';

type CertificateSetRow = typeof certificateSets.$inferSelect;

/** Thumbnail links in lists stay valid for a day. */
const THUMBNAIL_LINK_TTL_MS = 24 * 60 * 60_000;

/** A set as the builder reads it: design fields flat, as the spec names them, restored to the current version. */
export function presentCertificateSet(row: CertificateSetRow): CertificateSet {
  return {
    id: row.id,
    name: row.name,
    account_id: row.account_id,
    style_id: row.style_id,
    achievement_description: row.achievement_description,
    achievement_criteria: row.achievement_criteria,
    ...migrateDesign(row.design),
    // Every save stores the email complete (prepareEmail).
    ...(row.email as EmailDesign),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Signs list thumbnails' addresses: an <img> sends no session header. */
export const thumbnailSigner = (context: AppContext) => (path: string) => signPath(context, path, THUMBNAIL_LINK_TTL_MS);

/** The list row: enough for the paged list and its thumbnail (a signed link: <img> sends no token). */
export function presentCertificateSummary(
  row: Pick<CertificateSetRow, 'id' | 'name' | 'design' | 'created_at' | 'updated_at'>,
  sign: (path: string) => string,
): CertificateSummary {
  const design = migrateDesign(row.design);
  return {
    id: row.id,
    name: row.name,
    format: design.format,
    is_portrait: design.is_portrait,
    use_two_side: design.use_two_side,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    image: sign(`/api/certificates/${row.id}/image/image.png?t=${row.updated_at.getTime()}`),
  };
}
