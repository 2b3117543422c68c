import { randomBytes } from 'node:crypto';
import type { UploadedImage } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { storedFiles } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { safeFileName } from './attachments.ts';
import { reencodeImage } from './images.ts';

export type ImageKind = 'background' | 'image' | 'logo';

/** Stores an uploaded image (re-encoded) under a random key and returns its public path. */
export async function storeImage(
  context: AppContext,
  input: { accountId: number | null; userId: number; kind: ImageKind; bytes: Buffer; originalName?: string },
): Promise<UploadedImage> {
  const image = await reencodeImage(input.bytes);
  const key = `${randomBytes(18).toString('base64url')}.${image.extension}`;
  await context.files.put(key, image.bytes);
  await context.db.insert(storedFiles).values({
    account_id: input.accountId,
    key,
    kind: input.kind,
    mime: image.mime,
    size: image.bytes.length,
    original_name: input.originalName ? safeFileName(input.originalName) : null,
    width: image.width,
    height: image.height,
    created_by: input.userId,
    created_at: context.clock.now(),
  });
  return { imagepath: `/api/files/${key}`, width: image.width, height: image.height };
}

/** A stored file and its bytes by its public key; a 404 when either is missing. */
export async function readStoredFile(context: AppContext, key: string) {
  const [file] = await context.db.select().from(storedFiles).where(eq(storedFiles.key, key));
  const bytes = file ? await context.files.get(file.key) : null;
  if (!file || !bytes) throw notFound('File not found.');
  return { file, bytes };
}
