import { z } from 'zod';
import { elementSchema } from './element.ts';

/** Bumped whenever the stored shape changes; `migrateDesign` brings older data up to it. */
export const DESIGN_SCHEMA_VERSION = 2;

export const PAGE_FORMATS = ['Letter', 'A4', 'Legal'] as const;
export type PageFormat = (typeof PAGE_FORMATS)[number];

/** Expiration date formats of docs/product/builder.md#rules-and-limits, in the order the builder lists them. */
export const EXPIRATION_DATE_FORMATS = [
  'MMMM D, YYYY',
  'DD MMMM YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'D/M/YYYY',
  'M/D/YYYY',
  'D/M/YY',
  'M/D/YY',
  'YYYY-MM-DD',
] as const;
export type ExpirationDateFormat = (typeof EXPIRATION_DATE_FORMATS)[number];
export const DEFAULT_EXPIRATION_DATE_FORMAT: ExpirationDateFormat = 'MM/DD/YYYY';

/** The rendering-relevant part of a certificate set (docs/product/builder.md#what-is-kept). */
export const certificateDesignSchema = z.object({
  schemaVersion: z.literal(DESIGN_SCHEMA_VERSION),
  format: z.enum(PAGE_FORMATS),
  is_portrait: z.boolean(),
  use_two_side: z.boolean(),
  rotate_bg: z.boolean(),
  expiration_date_format: z.enum(EXPIRATION_DATE_FORMATS).nullable(),
  elements: z.array(elementSchema),
  back_side_elements: z.array(elementSchema),
});
export type CertificateDesign = z.infer<typeof certificateDesignSchema>;

export type DesignSide = 'front' | 'back';

export function sideElements(design: CertificateDesign, side: DesignSide) {
  return side === 'front' ? design.elements : design.back_side_elements;
}
