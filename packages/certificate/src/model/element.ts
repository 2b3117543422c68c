import { z } from 'zod';

/** Element kinds of docs/product/builder.md#what-is-kept. */
export const ELEMENT_TYPES = [
  'background',
  'image',
  'logo',
  'qrcode',
  'dynamic',
  'dynamicText',
  'name',
  'text',
  'portrait',
  'certificate_number',
  'expiration_date',
  'line',
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

export const RESTRICTIONS = ['none', 'read-only', 'read-only-text', 'delete-warning'] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

/** Kinds whose content is laid out as text. */
export const TEXT_ELEMENT_TYPES: readonly ElementType[] = [
  'text',
  'dynamic',
  'dynamicText',
  'name',
  'certificate_number',
  'expiration_date',
];

/**
 * CSS-like style values as the builder stores them ("175px", "bold", "#000000"). Unknown keys are kept
 * so that a design saved by a newer builder survives a round trip through an older server.
 */
export const elementStylesSchema = z
  .object({
    top: z.string().optional(),
    left: z.string().optional(),
    width: z.string().optional(),
    height: z.string().optional(),
    right: z.string().optional(),
    bottom: z.string().optional(),
    color: z.string().optional(),
    'font-size': z.string().optional(),
    'font-family': z.string().optional(),
    'font-weight': z.string().optional(),
    'font-style': z.string().optional(),
    'text-align': z.string().optional(),
    'text-decoration': z.string().optional(),
    'line-height': z.string().optional(),
    display: z.string().optional(),
    'background-image': z.string().optional(),
    'background-size': z.string().optional(),
    'background-repeat': z.string().optional(),
    'border-top-width': z.string().optional(),
    'border-top-style': z.string().optional(),
    'border-top-color': z.string().optional(),
    'z-index': z.string().optional(),
  })
  .catchall(z.string());
export type ElementStyles = z.infer<typeof elementStylesSchema>;

export const elementSchema = z.object({
  type: z.enum(ELEMENT_TYPES),
  /** Text (may hold simple HTML line breaks) or, for images, the image path or URL. */
  content: z.string(),
  /** Plain text of the content, when the builder has it. */
  contentText: z.string().optional(),
  restrictions: z.enum(RESTRICTIONS),
  noDuplication: z.boolean(),
  lock: z.boolean(),
  hideSpan: z.boolean(),
  showHidden: z.boolean(),
  /** Name elements: first and last name fields ('sep') or one combined field ('one'). */
  format: z.enum(['sep', 'one']),
  /** Whether the element may be resized (lines: width only). */
  resize: z.boolean(),
  value: z.string(),
  styles: elementStylesSchema,
});
export type Element = z.infer<typeof elementSchema>;
