import { readFileSync } from 'node:fs';
import type { CertificateDesign, Recipient } from '@laurel/certificate';
import type { CustomFontFile, ImageLoader, PoolDesignOptions, PooledDesign } from '@laurel/certificate/node';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accountFonts } from '../../db/schema.ts';
import { printVariantKey } from '../../storage/print-variant.ts';

const FILE_PATH = /^\/api\/files\/([A-Za-z0-9_-]+(?:\.[a-z0-9]+)?)$/;

/**
 * Images in designs are our own stored files (`/api/files/{key}`) or data: URLs; nothing is fetched from
 * elsewhere. It runs on the calling thread: the render pool ships the bytes to its workers with the design,
 * and the renderers check each image's header before decoding it.
 */
export function storedImageLoader(context: AppContext): ImageLoader {
  return (src) => {
    const data = /^data:image\/[a-z+]+;base64,(.*)$/s.exec(src);
    if (data) return Buffer.from(data[1]!, 'base64');
    const key = FILE_PATH.exec(src.replace(/^https?:\/\/[^/]+/, ''))?.[1];
    const path = key ? context.files.localPath(key) : null;
    if (!path) return undefined;
    try {
      return readFileSync(path);
    } catch {
      return undefined;
    }
  };
}

/**
 * Print variants of stored images (`storage/print-variant.ts`), for PDFs: an image without one is
 * embedded as it is (the loader answers nothing and the renderer uses the light image).
 */
export function printImageLoader(context: AppContext): ImageLoader {
  return (src) => {
    const key = FILE_PATH.exec(src.replace(/^https?:\/\/[^/]+/, ''))?.[1];
    const path = key ? context.files.localPath(printVariantKey(key)) : null;
    if (!path) return undefined;
    try {
      return readFileSync(path);
    } catch {
      return undefined;
    }
  };
}

/**
 * An account's own fonts as files the render workers register, under an id that includes the account
 * so two accounts' fonts of the same name never mix.
 */
async function accountFontFiles(context: AppContext, accountId: number): Promise<CustomFontFile[]> {
  const rows = await context.db.select().from(accountFonts).where(eq(accountFonts.account_id, accountId));
  const files: CustomFontFile[] = [];
  for (const row of rows) {
    const path = context.files.localPath(row.file_key);
    if (path) files.push({ family: row.name, id: `a${accountId}-${row.name}`, path });
  }
  return files;
}

async function poolOptions(context: AppContext, accountId: number | null, print = false): Promise<PoolDesignOptions> {
  return {
    fonts: accountId === null ? [] : await accountFontFiles(context, accountId),
    loadImage: storedImageLoader(context),
    ...(print ? { loadPrintImage: printImageLoader(context) } : {}),
  };
}

/** Sample data for previews: the merge fields stay visible as their own names. */
export function previewRecipient(query: Record<string, unknown>): Recipient | undefined {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (
      typeof value === 'string' &&
      /^[A-Z0-9_ ]+$/i.test(key) &&
      !['width', 'is_back_side', 't', 'no_cache', 'expires', 'sig', 'type'].includes(key)
    ) {
      fields[key] = value.slice(0, 500);
    }
  }
  if (!Object.keys(fields).length) return undefined;
  return {
    firstName: fields.FIRST_NAME ?? fields['FIRST NAME'] ?? '',
    lastName: fields.LAST_NAME ?? fields['LAST NAME'] ?? '',
    fields,
    certificateNumber: fields.CERTIFICATE_NUMBER,
    expirationDate: fields.EXPIRATION_DATE,
  };
}

/**
 * Interactive renders (previews, downloads, a test email's attachment) run once in the render pool and
 * leave nothing prepared behind. A refused image, a render past its time limit or past its memory
 * ceiling rejects with a RenderError, which the error handler answers with 422 and its message.
 */
export async function designPng(
  context: AppContext,
  accountId: number | null,
  design: CertificateDesign,
  recipient: Recipient | undefined,
  options: { width?: number; back?: boolean },
): Promise<Buffer> {
  const pooled = context.renders.prepare(design, { ...(await poolOptions(context, accountId)), keep: false });
  return pooled.renderPng(recipient, { width: options.width, side: options.back ? 'back' : 'front' });
}

export async function designPdf(
  context: AppContext,
  accountId: number | null,
  design: CertificateDesign,
  recipient: Recipient | undefined,
  title: string,
): Promise<Buffer> {
  const pooled = context.renders.prepare(design, { ...(await poolOptions(context, accountId, true)), title, keep: false });
  return pooled.renderPdf(recipient);
}

/**
 * A design prepared once for many recipients in a row (a send, a print file): each pool worker subsets
 * its fonts and decodes its images the first time it renders it, and keeps them for the next recipient.
 */
export async function preparedPdfRenderer(
  context: AppContext,
  accountId: number,
  design: CertificateDesign,
  title: string,
): Promise<PooledDesign> {
  return context.renders.prepare(design, { ...(await poolOptions(context, accountId, true)), title });
}
