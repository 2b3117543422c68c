import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';

/**
 * Sample lists the data mapping screen uploads (`POST /api/uploads`) and reads back through
 * `recipients/import-list` with `upload_id` (docs/product/send-wizard.md#calls). Each is kept under its uploader's id, so only
 * they can read it; the id starts with the day it was kept (the spec's `tmp/{date}/`), for clearing old ones.
 */

const UPLOAD_ID = /^\d{8}-[0-9a-f]{32}$/;

export const SAMPLE_MESSAGES = {
  missingFile: 'Choose a CSV or XLSX file.',
  wrongType: 'Choose a CSV or XLSX file: the column titles are read from its first row.',
  gone: 'This upload is no longer available. Upload the file again.',
} as const;

const keyOf = (userId: number, uploadId: string) => `sample-${userId}-${uploadId}`;

export async function keepSampleUpload(context: AppContext, userId: number, file: { name: string; bytes: Buffer }) {
  if (!file.bytes.length) throw badRequest(SAMPLE_MESSAGES.missingFile, { field: 'file' });
  if (!/\.(csv|txt|tsv|xlsx)$/i.test(file.name)) throw badRequest(SAMPLE_MESSAGES.wrongType, { field: 'file' });
  const day = context.clock.now().toISOString().slice(0, 10).replace(/-/g, '');
  const uploadId = `${day}-${randomBytes(16).toString('hex')}`;
  await context.files.put(keyOf(userId, uploadId), file.bytes);
  return { upload_id: uploadId, name: file.name, size: file.bytes.length };
}

/** The bytes of a sample the caller kept; another person's id, or one never issued, is not found. */
export async function readSampleUpload(context: AppContext, userId: number, uploadId: string): Promise<Buffer> {
  const bytes = UPLOAD_ID.test(uploadId) ? await context.files.get(keyOf(userId, uploadId)) : null;
  if (!bytes) throw notFound(SAMPLE_MESSAGES.gone);
  return bytes;
}
