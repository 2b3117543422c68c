import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.ts';

/** The one file of a multipart upload, read into memory (uploads are capped at 2 MB). */
export async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string }> {
  const file = await request.file();
  if (!file) throw badRequest('Choose a file to upload.', { error_type: 'required', field: 'file' });
  return { bytes: await file.toBuffer(), filename: file.filename };
}

/**
 * The first part of a multipart form: a file, or a named text field (for a call that takes either, such as
 * the account logo's file or address).
 */
export async function readFileOrField(
  request: FastifyRequest,
  field: string,
): Promise<{ kind: 'file'; bytes: Buffer; filename: string } | { kind: 'field'; value: string }> {
  for await (const part of request.parts()) {
    if (part.type === 'file') return { kind: 'file', bytes: await part.toBuffer(), filename: part.filename };
    if (part.fieldname === field) return { kind: 'field', value: String(part.value) };
  }
  throw badRequest('Choose a file to upload.', { error_type: 'required', field: 'file' });
}
