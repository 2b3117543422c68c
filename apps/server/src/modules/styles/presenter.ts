import { elementText, mergeFieldNames, mergeKey, migrateDesign } from '@laurel/certificate';
import type { EmailDesign, Style } from '@laurel/domain';
import type { styles } from '../../db/schema.ts';

type StyleRow = typeof styles.$inferSelect;

/**
 * Sample values the gallery thumbnail is drawn with (the render route reads them from the query), so a
 * template shows a name where a certificate will have one rather than its bare merge fields. Other data
 * fields keep their placeholders: only the issuer knows what they will hold.
 */
export const THUMBNAIL_SAMPLE = { FIRST_NAME: 'Alex', LAST_NAME: 'Morgan', CERTIFICATE_NUMBER: 'SAMPLE-0001' } as const;

/** Fields the renderer fills from the sample itself (names, number, date), by their normalised key. */
const FILLED = new Set(['first name', 'last name', 'participant name', 'full name', 'name', 'certificate number', 'expiration date']);
/** What the render route accepts as a field name in the query. */
const QUERY_FIELD = /^[A-Z0-9_ ]+$/i;

/** The expiration date shown on a thumbnail: a year after the template's last change, so the image is stable. */
function sampleExpiration(updatedAt: Date): string {
  const date = new Date(updatedAt);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** The gallery thumbnail's URL: the template's PNG with sample data, cache-busted by its last change. */
export function styleImageUrl(row: Pick<StyleRow, 'id' | 'design' | 'updated_at'>): string {
  const design = migrateDesign(row.design);
  const query = new URLSearchParams({
    ...THUMBNAIL_SAMPLE,
    EXPIRATION_DATE: sampleExpiration(row.updated_at),
    t: String(row.updated_at.getTime()),
  });
  // With sample data the renderer fills every field; data fields are given back their own bracketed names.
  for (const element of [...design.elements, ...design.back_side_elements]) {
    for (const name of mergeFieldNames(elementText(element))) {
      if (QUERY_FIELD.test(name) && !query.has(name) && !FILLED.has(mergeKey(name).replace(/_/g, ' '))) query.set(name, `[${name}]`);
    }
  }
  return `/api/styles/${row.id}/image/image.png?${query.toString()}`;
}

/** A global template as the builder and the template gallery read it: design and email fields flat. */
export function presentStyle(row: StyleRow): Style {
  return {
    id: row.id,
    name: row.name,
    sorting: row.sorting,
    url_requirements: row.url_requirements,
    ...migrateDesign(row.design),
    // Saved by the email editor's rules; a template whose email was never saved has none of its fields.
    ...(row.email as Partial<EmailDesign>),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    image: styleImageUrl(row),
  };
}
