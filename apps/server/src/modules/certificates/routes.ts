import { certificateCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { presentCertificateSet, presentCertificateSummary, thumbnailSigner } from './presenter.ts';
import {
  createCertificateSet,
  deleteCertificateSet,
  duplicateCertificateSet,
  findCertificateSet,
  listCertificateSets,
  updateCertificateSet,
} from './service.ts';
import { attachFile, listUploads, removeUpload } from './uploads.ts';

/** Certificate sets of the signed-in user's account (docs/product/builder.md#calls). */
export function certificateRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.listCertificates, async (request) => {
    const { rows, count } = await listCertificateSets(context, requireAccountMember(request), request.query);
    const sign = thumbnailSigner(context);
    return { certificates: rows.map((row) => presentCertificateSummary(row, sign)), count };
  });

  route(app, calls.getCertificate, async (request) => {
    const set = await findCertificateSet(context, requireAccountMember(request), request.params.id);
    return { ...presentCertificateSet(set), uploads: await listUploads(context, set.id) };
  });

  route(app, calls.createCertificate, async (request) =>
    presentCertificateSet(await createCertificateSet(context, requireAccountMember(request), request.body)),
  );

  route(app, calls.updateCertificate, async (request) =>
    presentCertificateSet(await updateCertificateSet(context, requireAccountMember(request), request.params.id, request.body)),
  );

  route(app, calls.deleteCertificate, async (request) => {
    await deleteCertificateSet(context, requireAccountMember(request), request.params.id);
    return { success: true, message: 'Certificate deleted.' };
  });

  route(app, calls.duplicateCertificate, async (request) =>
    presentCertificateSet(await duplicateCertificateSet(context, requireAccountMember(request), request.params.id)),
  );

  route(app, calls.attachCertificateFile, async (request) => {
    const member = requireAccountMember(request);
    const file = await request.file();
    if (!file) throw badRequest('Choose a file to attach.', { field: 'file' });
    return attachFile(context, member, request.params.id, { name: file.filename, bytes: await file.toBuffer() });
  });

  route(app, calls.detachCertificateFile, async (request) => {
    await removeUpload(context, requireAccountMember(request), request.params.id, request.params.uploadId);
    return { success: true, message: 'File deleted.' };
  });
}
