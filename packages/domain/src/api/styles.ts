import { certificateDesignSchema } from '@laurel/certificate';
import { z } from 'zod';
import { emailDesignSchema } from '../email-design.ts';
import { certificateSetCreate, certificateSetUpdate, emailEdit } from './certificates.ts';
import { defineCalls, idParams, timestamp } from './contract.ts';
import { emailPreview } from './email-preview.ts';

/** Global templates (styles): every signed-in user starts sets from them; super-admins edit them (/admin/build). */

/** A global template as the builder and the template gallery read it: design and email fields flat. */
export const style = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The template's place in the gallery. */
    sorting: z.number().int(),
    url_requirements: z.string().nullable(),
    ...certificateDesignSchema.shape,
    /** A template whose email was never saved has none of these: sets made from it start from the defaults. */
    ...emailDesignSchema.partial().shape,
    created_at: timestamp(),
    updated_at: timestamp(),
    /** The gallery thumbnail: the template drawn with sample values. */
    image: z.string(),
  })
  .meta({ id: 'Style' });
export type Style = z.infer<typeof style>;

export const styleCalls = defineCalls('styles', {
  listStyles: {
    method: 'GET',
    path: '/api/styles',
    summary: 'List the global templates, in the order super-admins gave them (then by name)',
    access: 'session',
    response: z.object({ styles: z.array(style) }),
  },
  sortStyles: {
    method: 'PUT',
    path: '/api/styles/sort',
    summary: 'Put the global templates in a new order (super-admins)',
    access: 'session',
    body: z.object({
      sort: z
        .array(z.object({ id: z.number().int().positive(), sorting: z.number().int().min(0).max(100_000) }))
        .min(1)
        .max(1_000),
    }),
    response: z.object({ success: z.boolean(), message: z.string() }),
  },
  getStyle: {
    method: 'GET',
    path: '/api/styles/:id',
    summary: 'Read a global template',
    access: 'session',
    params: idParams,
    response: style,
  },
  createStyle: {
    method: 'POST',
    path: '/api/styles',
    summary: 'Create a global template (super-admins)',
    access: 'session',
    body: certificateSetCreate,
    response: style,
  },
  updateStyle: {
    method: 'PUT',
    path: '/api/styles/:id',
    summary: "Save a global template's name, design or email (super-admins)",
    access: 'session',
    params: idParams,
    body: certificateSetUpdate,
    response: style,
  },
  previewStyleEmail: {
    method: 'POST',
    path: '/api/styles/:id/email-preview',
    summary: "Compose a global template's unsaved email with sample data (super-admins)",
    access: 'session',
    params: idParams,
    body: emailEdit,
    response: emailPreview,
  },
  deleteStyle: {
    method: 'DELETE',
    path: '/api/styles/:id',
    summary: 'Delete a global template (super-admins); sets made from it keep their design',
    access: 'session',
    params: idParams,
    response: z.object({ success: z.boolean() }),
  },
});
