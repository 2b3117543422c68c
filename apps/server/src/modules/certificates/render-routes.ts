import { migrateDesign } from '@laurel/certificate';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { certificateSets, styles } from '../../db/schema.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { hasValidSignature, signPath } from '../../http/signed-urls.ts';
import { designPdf, designPng, previewRecipient } from './rendering.ts';
import { findCertificateSet } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const imageQuery = z
  .object({ width: z.coerce.number().int().min(40).max(3000).optional(), is_back_side: z.string().optional() })
  .catchall(z.string());
const PREVIEW_LINK_TTL_MS = 10 * 60_000;

/** A set by a signed link (no session) or for a signed-in member of its account. */
async function setFor(context: AppContext, request: FastifyRequest, id: number) {
  if (hasValidSignature(context, request)) {
    const [row] = await context.db
      .select()
      .from(certificateSets)
      .where(and(eq(certificateSets.id, id), isNull(certificateSets.deleted_at)));
    if (!row) throw notFound();
    return row;
  }
  return findCertificateSet(context, requireAccountMember(request), id);
}

function sendPng(reply: FastifyReply, png: Buffer) {
  return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
}

function sendPdf(reply: FastifyReply, pdf: Buffer, name: string) {
  const file = `${name.replace(/[^\w\- ]+/g, '').trim() || 'certificate'}.pdf`;
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${file}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** Previews and thumbnails drawn by the one layout engine (spec 2 §7). */
export function renderRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rendering'];

  r.get(
    '/api/certificates/:id/image/image.png',
    { schema: { tags, params: idParams, querystring: imageQuery } },
    async (request, reply) => {
      const set = await setFor(context, request, request.params.id);
      const png = await designPng(context, set.account_id, migrateDesign(set.design), previewRecipient(request.query), {
        width: request.query.width,
        back: request.query.is_back_side === '1',
      });
      return sendPng(reply, png);
    },
  );

  r.get(
    '/api/certificates/:id/pdf',
    { schema: { tags, params: idParams, querystring: z.object({ type: z.string().optional() }).catchall(z.string()) } },
    async (request, reply) => {
      const set = await setFor(context, request, request.params.id);
      const pdf = await designPdf(context, set.account_id, migrateDesign(set.design), previewRecipient(request.query), set.name);
      return sendPdf(reply, pdf, set.name);
    },
  );

  /** Signed links for opening the preview in a new window, where no Authentication header goes along. */
  r.get('/api/certificates/:id/preview-link', { schema: { tags, params: idParams } }, async (request) => {
    const set = await findCertificateSet(context, requireAccountMember(request), request.params.id);
    return {
      pdf: signPath(context, `/api/certificates/${set.id}/pdf?type=stream`, PREVIEW_LINK_TTL_MS),
      image: signPath(context, `/api/certificates/${set.id}/image/image.png`, PREVIEW_LINK_TTL_MS),
    };
  });

  // Global templates are not secret: their previews are public like the templates page itself.
  r.get('/api/styles/:id/image/image.png', { schema: { tags, params: idParams, querystring: imageQuery } }, async (request, reply) => {
    const [style] = await context.db.select().from(styles).where(eq(styles.id, request.params.id));
    if (!style) throw notFound();
    const png = await designPng(context, null, migrateDesign(style.design), previewRecipient(request.query), {
      width: request.query.width,
      back: request.query.is_back_side === '1',
    });
    return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
  });

  r.get('/api/styles/:id/pdf', { schema: { tags, params: idParams } }, async (request, reply) => {
    const [style] = await context.db.select().from(styles).where(eq(styles.id, request.params.id));
    if (!style) throw notFound();
    return sendPdf(reply, await designPdf(context, null, migrateDesign(style.design), undefined, style.name), style.name);
  });
}
