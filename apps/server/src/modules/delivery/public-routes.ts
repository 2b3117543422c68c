import { publicCertificateCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendWithEtag } from '../../http/etag.ts';
import { route } from '../../http/route.ts';
import { contentDisposition } from '../files/index.ts';
import { publicCertificateWebp } from './certificate-image.ts';
import { certificatePageHtmlRoutes } from './certificate-page-html.ts';
import {
  linkedInAddress,
  openPublicCertificate,
  publicCertificateJpeg,
  publicCertificatePdf,
  publicCertificatePng,
  unsubscribe,
} from './public-certificate.ts';
import { findCertificateToVerify } from './verification.ts';

/** The recipient's certificate: public, reached by its unguessable token. */
export function certificatePageRoutes(app: FastifyInstance, context: AppContext): void {
  certificatePageHtmlRoutes(app, context);

  route(app, calls.verifyCertificate, async (request) => findCertificateToVerify(context, request.body), {
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });

  route(app, calls.getPublicCertificate, async (request) => openPublicCertificate(context, request.params.token));

  route(app, calls.getPublicCertificateImage, async (request, reply) => {
    const png = await publicCertificatePng(context, request.params.token, request.query.width);
    return sendWithEtag(request, reply.type('image/png').header('cache-control', 'public, max-age=3600'), png);
  });

  // What new delivery emails show. Emails sent before it name image.png, which keeps answering with the PNG above.
  route(app, calls.getPublicCertificateJpeg, async (request, reply) => {
    const jpeg = await publicCertificateJpeg(context, request.params.token, request.query.width);
    return sendWithEtag(request, reply.type('image/jpeg').header('cache-control', 'public, max-age=3600'), jpeg);
  });

  route(app, calls.getPublicCertificateWebp, async (request, reply) => {
    const { width, v } = request.query;
    const { webp, version } = await publicCertificateWebp(context, request.params.token, width);
    // The page names the current version: that address always shows the same picture. Any other is revalidated.
    reply.type('image/webp').header('cache-control', v === version ? 'public, max-age=31536000, immutable' : 'public, no-cache');
    return sendWithEtag(request, reply, webp, `"${version}-${width}"`);
  });

  route(app, calls.getPublicCertificatePdf, async (request, reply) => {
    const file = await publicCertificatePdf(context, request.params.token);
    if ('revoked' in file) return reply.redirect(file.pageUrl, 303);
    const { pdf, name } = file;
    return sendWithEtag(request, reply.type('application/pdf').header('content-disposition', contentDisposition('inline', name)), pdf);
  });

  route(app, calls.addPublicCertificateToLinkedIn, async (request, reply) =>
    reply.redirect(await linkedInAddress(context, request.params.token), 302),
  );

  route(app, calls.unsubscribe, async (request) => {
    await unsubscribe(context, request.params.token);
    return { success: true, message: 'You will no longer receive emails from this issuer.' };
  });
}
