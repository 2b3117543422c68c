import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.ts';

/** The one file of a multipart upload, read into memory (uploads are capped at 2 MB). */
export async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string }> {
  const file = await request.file();
  if (!file) throw badRequest('Choose a file to upload.', { error_type: 'required', field: 'file' });
  return { bytes: await file.toBuffer(), filename: file.filename };
}
