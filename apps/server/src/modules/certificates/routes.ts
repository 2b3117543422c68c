import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { signPath } from '../../http/signed-urls.ts';
import { presentCertificateSet, presentCertificateSummary } from './presenter.ts';
import { certificateSetBody, certificateSetUpdate } from './request.ts';
import {
  createCertificateSet,
  deleteCertificateSet,
  duplicateCertificateSet,
  findCertificateSet,
  listCertificateSets,
  updateCertificateSet,
} from './service.ts';
import { attachFile, listUploads, removeUpload } from './uploads.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const THUMBNAIL_LINK_TTL_MS = 24 * 60 * 60_000;
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});

/** Certificate sets of the signed-in user's account (spec 2 §7). */
export function certificateRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];

  r.get('/api/certificates', { schema: { tags, querystring: pageQuery } }, async (request) => {
    const { rows, count } = await listCertificateSets(context, requireAccountMember(request), request.query);
    const sign = (path: string) => signPath(context, path, THUMBNAIL_LINK_TTL_MS);
    return { certificates: rows.map((row) => presentCertificateSummary(row, sign)), count };
  });

  r.get('/api/certificates/:id', { schema: { tags, params: idParams } }, async (request) => {
    const set = await findCertificateSet(context, requireAccountMember(request), request.params.id);
    return { ...presentCertificateSet(set), uploads: await listUploads(context, set.id) };
  });

  r.post('/api/certificates', { schema: { tags, body: certificateSetBody } }, async (request) =>
    presentCertificateSet(await createCertificateSet(context, requireAccountMember(request), request.body)),
  );

  r.put('/api/certificates/:id', { schema: { tags, params: idParams, body: certificateSetUpdate } }, async (request) =>
    presentCertificateSet(await updateCertificateSet(context, requireAccountMember(request), request.params.id, request.body)),
  );

  r.delete('/api/certificates/:id', { schema: { tags, params: idParams } }, async (request) => {
    await deleteCertificateSet(context, requireAccountMember(request), request.params.id);
    return { success: true, message: 'Certificate deleted.' };
  });

  r.post('/api/certificates/:id/duplicate', { schema: { tags, params: idParams } }, async (request) =>
    presentCertificateSet(await duplicateCertificateSet(context, requireAccountMember(request), request.params.id)),
  );

  r.post('/api/certificates/:id/uploads', { schema: { tags, params: idParams } }, async (request) => {
    const member = requireAccountMember(request);
    const file = await request.file();
    if (!file) throw badRequest('Choose a file to attach.', { field: 'file' });
    return attachFile(context, member, request.params.id, { name: file.filename, bytes: await file.toBuffer() });
  });

  r.delete(
    '/api/certificates/:id/uploads/:uploadId',
    { schema: { tags, params: idParams.extend({ uploadId: z.coerce.number().int().positive() }) } },
    async (request) => {
      await removeUpload(context, requireAccountMember(request), request.params.id, request.params.uploadId);
      return { success: true, message: 'File deleted.' };
    },
  );
}
