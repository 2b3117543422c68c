import { migrateDesign, sampleRecipient } from '@laurel/certificate';
import { renderingCalls as calls } from '@laurel/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { hasValidSignature, signPath } from '../../http/signed-urls.ts';
import { certificatePdfName, contentDisposition } from '../files/index.ts';
import { findStyle } from '../styles/index.ts';
import { designPdf, designPng, previewRecipient } from './rendering.ts';
import { findCertificateSet, findSignedSet } from './service.ts';

/** Preview links stay valid for ten minutes. */
const PREVIEW_LINK_TTL_MS = 10 * 60_000;

function sendPng(reply: FastifyReply, png: Buffer, cache: 'private' | 'public') {
  return reply.type('image/png').header('cache-control', `${cache}, max-age=300`).send(png);
}

function sendPdf(reply: FastifyReply, pdf: Buffer, name: string) {
  return reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition('inline', certificatePdfName('', name)))
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** Previews and thumbnails drawn by the one layout engine (docs/product/builder.md#calls). */
export function renderRoutes(app: FastifyInstance, context: AppContext): void {
  /** A set by a signed link (no session) or for a signed-in member of its account. */
  const setFor = (request: FastifyRequest, id: number) =>
    hasValidSignature(context, request) ? findSignedSet(context, id) : findCertificateSet(context, requireAccountMember(request), id);

  route(app, calls.getCertificateImage, async (request, reply) => {
    const set = await setFor(request, request.params.id);
    const png = await designPng(context, set.account_id, migrateDesign(set.design), previewRecipient(request.query), {
      width: request.query.width,
      back: request.query.is_back_side === '1',
    });
    return sendPng(reply, png, 'private');
  });

  route(app, calls.getCertificatePdf, async (request, reply) => {
    const set = await setFor(request, request.params.id);
    const pdf = await designPdf(context, set.account_id, migrateDesign(set.design), previewRecipient(request.query), set.name);
    return sendPdf(reply, pdf, set.name);
  });

  /** The builder's design before it is saved: a preview needs no save first. Each render costs a pool thread's time. */
  route(
    app,
    calls.renderDraftPdf,
    async (request, reply) => {
      const set = await findCertificateSet(context, requireAccountMember(request), request.params.id);
      const design = migrateDesign(request.body.design);
      const recipient = request.body.sample ? sampleRecipient(design, context.clock.now()) : undefined;
      return sendPdf(reply, await designPdf(context, set.account_id, design, recipient, set.name), set.name);
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  /** Signed links for opening the preview in a new window, where no Authentication header goes along. */
  route(app, calls.getCertificatePreviewLinks, async (request) => {
    const set = await findCertificateSet(context, requireAccountMember(request), request.params.id);
    return {
      pdf: signPath(context, `/api/certificates/${set.id}/pdf?type=stream`, PREVIEW_LINK_TTL_MS),
      image: signPath(context, `/api/certificates/${set.id}/image/image.png`, PREVIEW_LINK_TTL_MS),
    };
  });

  // Global templates are not secret: their previews are public like the templates page itself.
  route(app, calls.getStyleImage, async (request, reply) => {
    const style = await findStyle(context, request.params.id);
    const png = await designPng(context, null, migrateDesign(style.design), previewRecipient(request.query), {
      width: request.query.width,
      back: request.query.is_back_side === '1',
    });
    return sendPng(reply, png, 'public');
  });

  route(app, calls.getStylePdf, async (request, reply) => {
    const style = await findStyle(context, request.params.id);
    return sendPdf(reply, await designPdf(context, null, migrateDesign(style.design), undefined, style.name), style.name);
  });
}
