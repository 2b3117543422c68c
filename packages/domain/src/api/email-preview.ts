import { z } from 'zod';

/** A delivery email composed with sample values, as the editor previews it before saving. */
export const emailPreview = z
  .object({
    subject: z.string(),
    /** Null when the design asks for plain text only. */
    html: z.string().nullable(),
    text: z.string(),
    from: z.string(),
    reply_to: z.string(),
  })
  .meta({ id: 'EmailPreview' });
export type EmailPreview = z.infer<typeof emailPreview>;
