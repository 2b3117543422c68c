import { fileCalls as calls } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type Auth, requireAccountMember } from '../../http/auth.ts';
import { assertMayDesign, assertMayEditEmails } from '../../http/permissions.ts';
import { route } from '../../http/route.ts';
import { attachmentDisposition } from './attachments.ts';
import { readUpload } from './read-upload.ts';
import { type ImageKind, readStoredFile, storeImage } from './service.ts';

export function fileRoutes(app: FastifyInstance, context: AppContext): void {
  /** The right is checked before the body is read: a refused upload costs no decoding. */
  const upload = async (request: FastifyRequest, kind: ImageKind, assertMay: (user: Auth['user']) => void) => {
    const member = requireAccountMember(request);
    assertMay(member.user);
    const { bytes, filename } = await readUpload(request);
    return storeImage(context, { accountId: member.accountId, userId: member.user.id, kind, bytes, originalName: filename });
  };

  /** Backgrounds and image elements of a design. */
  route(app, calls.uploadCertificateImage, async (request) =>
    upload(request, request.query.background === '1' ? 'background' : 'image', assertMayDesign),
  );

  /** Images in an email's body. */
  route(app, calls.uploadImage, async (request) => upload(request, 'image', assertMayEditEmails));

  /** Public by unguessable key: images appear in emails, certificates and portals. */
  route(app, calls.getFile, async (request, reply) => {
    const { file, bytes } = await readStoredFile(context, request.params.key);
    return reply
      .type(file.mime)
      .header('content-disposition', file.kind === 'attachment' ? attachmentDisposition(file.original_name ?? 'attachment') : 'inline')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(bytes);
  });
}
