import { ACCOUNT_DELETION_MESSAGES, CERTIFICATE_IMAGE_WIDTHS } from '@laurel/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { servePageAssets } from '../../http/server-pages/page-assets.ts';
import { certificateImageFacts } from './certificate-image.ts';
import { certificateMissingHtml, certificatePageHtml } from './certificate-page-view.ts';
import { isLinkPreviewRobot } from './link-preview-robots.ts';
import { openCertificateRow, presentCertificate } from './public-certificate.ts';
import { certificateHead } from './share-preview.ts';

const MISSING = {
  heading: 'Certificate not found',
  description: 'This link does not lead to a certificate. Check that it was copied whole, or ask the issuer for a new one.',
};
const WITHDRAWN_DESCRIPTION =
  'The organisation that issued this certificate has closed its account, so it can no longer be viewed or verified here.';

const sendHtml = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    // The page says whether the certificate still holds: it is asked for afresh each time.
    .header('cache-control', 'no-cache')
    .send(body);

/**
 * `/c/:token`, the page a recipient's email links to and a verifier reaches from the QR code: plain
 * HTML with its link preview tags, a small stylesheet, a script only for copying the link, and the
 * certificate as a WebP sized for the screen. A link that leads nowhere answers 404, one whose issuer
 * closed their account 410, each with a page that says so.
 */
export function certificatePageHtmlRoutes(app: FastifyInstance, context: AppContext): void {
  const urls = servePageAssets(
    app,
    '/c/assets/',
    {
      css: new URL('./certificate-page-assets/page.css', import.meta.url),
      js: new URL('./certificate-page-assets/page.js', import.meta.url),
    },
    (_request, reply) => sendHtml(reply, 404, certificateMissingHtml(urls, MISSING.heading, MISSING.description)),
  );

  app.get<{ Params: { token: string } }>('/c/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params;
    const robot = isLinkPreviewRobot(request.headers['user-agent']);
    let row: Awaited<ReturnType<typeof openCertificateRow>>;
    try {
      row = await openCertificateRow(context, token, { recordOpen: request.method === 'GET' && !robot });
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 404 && error.status !== 410)) throw error;
      return error.status === 410
        ? sendHtml(reply, 410, certificateMissingHtml(urls, ACCOUNT_DELETION_MESSAGES.withdrawn, WITHDRAWN_DESCRIPTION))
        : sendHtml(reply, 404, certificateMissingHtml(urls, MISSING.heading, MISSING.description));
    }
    const certificate = presentCertificate(context, row);
    const facts = certificateImageFacts(context, row);
    const head = certificateHead(context, {
      token: row.recipient.token,
      certificateName: certificate.certificate_name,
      recipientName: certificate.recipient_name,
      issuerName: certificate.issuer.name,
      revoked: certificate.status === 'revoked',
    });
    const image = {
      src: (width: number) => `/api/c/${row.recipient.token}/image.webp?width=${width}&v=${facts.version}`,
      widths: CERTIFICATE_IMAGE_WIDTHS,
      heightAt: facts.heightAt,
    };
    const credentialUrl = `/api/c/${row.recipient.token}/credential`;
    return sendHtml(reply, 200, certificatePageHtml(certificate, image, head, urls, credentialUrl));
  });
}
