import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { storedFiles } from '../../db/schema.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { attachmentDisposition } from './attachments.ts';
import { type ImageKind, storeImage } from './service.ts';

/** The one file of a multipart upload, read into memory (uploads are capped at 2 MB). */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string }> {
  const file = await request.file();
  if (!file) throw badRequest('Choose a file to upload.', { error_type: 'required', field: 'file' });
  return { bytes: await file.toBuffer(), filename: file.filename };
}

export function fileRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];

  const upload = async (request: FastifyRequest, kind: ImageKind) => {
    const member = requireAccountMember(request);
    const { bytes, filename } = await readUpload(request);
    return storeImage(context, { accountId: member.accountId, userId: member.user.id, kind, bytes, originalName: filename });
  };

  r.post(
    '/api/certificates/upload',
    { schema: { tags, querystring: z.object({ background: z.string().optional(), noPdf: z.string().optional() }) } },
    async (request) => upload(request, request.query.background === '1' ? 'background' : 'image'),
  );

  r.post('/api/upload', { schema: { tags } }, async (request) => upload(request, 'image'));

  /** Public by unguessable key: images appear in emails, certificates and portals. */
  r.get('/api/files/:key', { schema: { tags, params: z.object({ key: z.string().max(100) }) } }, async (request, reply) => {
    const [file] = await context.db.select().from(storedFiles).where(eq(storedFiles.key, request.params.key));
    const bytes = file ? await context.files.get(file.key) : null;
    if (!file || !bytes) throw notFound('File not found.');
    return reply
      .type(file.mime)
      .header('content-disposition', file.kind === 'attachment' ? attachmentDisposition(file.original_name ?? 'attachment') : 'inline')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(bytes);
  });
}
