import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ACCOUNT_DELETION_MESSAGES, CERTIFICATE_IMAGE_WIDTHS } from '@laurel/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { certificateImageFacts } from './certificate-image.ts';
import { certificateMissingHtml, certificatePageHtml, type PageAssets } from './certificate-page-view.ts';
import { isLinkPreviewRobot } from './link-preview-robots.ts';
import { openCertificateRow, presentCertificate } from './public-certificate.ts';
import { certificateHead } from './share-preview.ts';

/**
 * The page's CSS and script, read once. They sit beside this file in the source tree and are copied
 * beside main.js by the server build (build.mjs), so the same relative address finds them in both.
 * Each is served under a name carrying a hash of its content, so browsers may keep it for a year.
 */
function loadAssets() {
  const file = (name: string) => {
    const body = readFileSync(new URL(`./certificate-page-assets/${name}`, import.meta.url));
    const [base, extension] = name.split('.');
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 10);
    return { name: `${base}.${hash}.${extension}`, body };
  };
  return { css: file('page.css'), js: file('page.js') };
}

const ASSET_PREFIX = '/c/assets/';
const YEAR = 'public, max-age=31536000, immutable';

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
  const assets = loadAssets();
  const urls: PageAssets = { css: `${ASSET_PREFIX}${assets.css.name}`, js: `${ASSET_PREFIX}${assets.js.name}` };
  const served = new Map([
    [assets.css.name, { type: 'text/css; charset=utf-8', body: assets.css.body }],
    [assets.js.name, { type: 'text/javascript; charset=utf-8', body: assets.js.body }],
  ]);

  app.get<{ Params: { file: string } }>(`${ASSET_PREFIX}:file`, { schema: { hide: true } }, async (request, reply) => {
    const asset = served.get(request.params.file);
    if (!asset) return sendHtml(reply, 404, certificateMissingHtml(urls, MISSING.heading, MISSING.description));
    return reply.type(asset.type).header('cache-control', YEAR).send(asset.body);
  });

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
