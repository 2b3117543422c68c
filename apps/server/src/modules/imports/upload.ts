import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors.ts';
import { DELIMITERS, type Delimiter } from './parse.ts';

/** Recipient lists are larger than images: 10 MB holds well over the 50,000 rows one import takes. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** An uploaded recipient list: the file's bytes, its separator when given, and the form's other fields. */
export interface ImportUpload {
  bytes: Buffer;
  delimiter: Delimiter | undefined;
  fields: Record<string, string>;
}

function delimiterOf(value: string | undefined): Delimiter | undefined {
  if (!value) return undefined;
  const delimiter = value === 'tab' ? '\t' : value;
  if (!(DELIMITERS as readonly string[]).includes(delimiter))
    throw badRequest('Choose comma, semicolon, colon or tab as the separator.', { field: 'delimiter' });
  return delimiter as Delimiter;
}

const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/** Reads the multipart form of an import (`file`, optional `delimiter`, other fields as text). */
export async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  return withFile(await readImportForm(request));
}

/** The form of an import that must carry its file. */
export function withFile(form: Omit<ImportUpload, 'bytes'> & { bytes: Buffer | null }): ImportUpload {
  if (!form.bytes?.length) throw badRequest('Choose a CSV or XLSX file to import.', { field: 'file' });
  return { ...form, bytes: form.bytes };
}

/** The import's form as sent: a file may be missing where another field (`upload_id`) stands for it. */
export async function readImportForm(request: FastifyRequest): Promise<Omit<ImportUpload, 'bytes'> & { bytes: Buffer | null }> {
  let bytes: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES } })) {
      if (part.type === 'file') bytes = await part.toBuffer();
      else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (isTooLarge(error)) throw new AppError(413, 'The file is larger than 10 MB.', { field: 'file' });
    throw error;
  }
  return { bytes, delimiter: delimiterOf(fields.delimiter), fields };
}

/** The one file of a sample upload, with its name; the multipart limit (2 MB) refuses a larger one with 413. */
export async function readSampleFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  const part = await request.file();
  return { name: part?.filename ?? '', bytes: part ? await part.toBuffer() : Buffer.alloc(0) };
}
