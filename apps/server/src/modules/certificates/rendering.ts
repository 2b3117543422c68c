import { readFile } from 'node:fs/promises';
import { type CertificateDesign, designImageSources, type Recipient } from '@laurel/certificate';
import type { CustomFontFile, ImageLoader, PoolDesignOptions, PooledDesign, RasterFormat } from '@laurel/certificate/node';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accountFonts } from '../../db/schema.ts';
import { printVariantKey } from '../../storage/print-variant.ts';

const FILE_PATH = /^\/api\/files\/([A-Za-z0-9_-]+(?:\.[a-z0-9]+)?)$/;

const storedKey = (src: string) => FILE_PATH.exec(src.replace(/^https?:\/\/[^/]+/, ''))?.[1];

/** A stored file's bytes as the renderers read them (from a bucket, through the store's local cache); undefined when missing. */
async function storedBytes(context: AppContext, key: string): Promise<Buffer | undefined> {
  const path = await context.files.readablePath(key);
  return path ? readFile(path).catch(() => undefined) : undefined;
}

/**
 * Images in designs are our own stored files (`/api/files/{key}`) or data: URLs; nothing is fetched from
 * elsewhere. The render pool reads a design's images synchronously when it is handed the design, so the
 * stored ones are read beforehand, here; it ships the bytes to its workers with the design, and the
 * renderers check each image's header before decoding it. With `print`, the print variants of stored
 * images (`storage/print-variant.ts`) are read too, for PDFs: an image without one is embedded as it is.
 */
async function designImages(
  context: AppContext,
  design: CertificateDesign,
  print: boolean,
): Promise<Pick<PoolDesignOptions, 'loadImage' | 'loadPrintImage'>> {
  const light = new Map<string, Buffer>();
  const heavy = new Map<string, Buffer>();
  await Promise.all(
    designImageSources(design).map(async (src) => {
      const key = storedKey(src);
      if (!key) return;
      const [bytes, printBytes] = await Promise.all([
        storedBytes(context, key),
        print ? storedBytes(context, printVariantKey(key)) : undefined,
      ]);
      if (bytes) light.set(src, bytes);
      if (printBytes) heavy.set(src, printBytes);
    }),
  );
  const loadImage: ImageLoader = (src) => {
    const data = /^data:image\/[a-z+]+;base64,(.*)$/s.exec(src);
    return data ? Buffer.from(data[1]!, 'base64') : light.get(src);
  };
  return print ? { loadImage, loadPrintImage: (src) => heavy.get(src) } : { loadImage };
}

/**
 * An account's own fonts as files the render workers register, under an id that includes the account
 * so two accounts' fonts of the same name never mix.
 */
async function accountFontFiles(context: AppContext, accountId: number): Promise<CustomFontFile[]> {
  const rows = await context.db.select().from(accountFonts).where(eq(accountFonts.account_id, accountId));
  const files: CustomFontFile[] = [];
  for (const row of rows) {
    const path = await context.files.readablePath(row.file_key);
    if (path) files.push({ family: row.name, id: `a${accountId}-${row.name}`, path });
  }
  return files;
}

async function poolOptions(
  context: AppContext,
  accountId: number | null,
  design: CertificateDesign,
  print = false,
): Promise<PoolDesignOptions> {
  const [fonts, images] = await Promise.all([
    accountId === null ? [] : accountFontFiles(context, accountId),
    designImages(context, design, print),
  ]);
  return { fonts, ...images };
}

/** A query key that may name a merge field: what fits between the brackets of one (letters of any script included). */
const MERGE_NAME = /^[^[\]\r\n]{1,100}$/;

/**
 * Values for a preview, by merge field, from the query (a test email's download link carries its values this way);
 * without any, the merge fields stay visible as their own names.
 */
export function previewRecipient(query: Record<string, unknown>): Recipient | undefined {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (
      typeof value === 'string' &&
      MERGE_NAME.test(key) &&
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

export interface DesignImageOptions {
  width?: number;
  back?: boolean;
  /** PNG unless JPEG is asked for: JPEG for pictures only looked at (see the RasterFormat note). */
  format?: RasterFormat;
}

/**
 * Interactive renders (previews, downloads, a test email's attachment) run once in the render pool and
 * leave nothing prepared behind. A refused image, a render past its time limit or past its memory
 * ceiling rejects with a RenderError, which the error handler answers with 422 and its message.
 */
export async function designImage(
  context: AppContext,
  accountId: number | null,
  design: CertificateDesign,
  recipient: Recipient | undefined,
  options: DesignImageOptions,
): Promise<Buffer> {
  const pooled = context.renders.prepare(design, { ...(await poolOptions(context, accountId, design)), keep: false });
  return pooled.renderPng(recipient, { width: options.width, side: options.back ? 'back' : 'front', format: options.format ?? 'png' });
}

/** One side as a PNG (see designImage). */
export function designPng(
  context: AppContext,
  accountId: number | null,
  design: CertificateDesign,
  recipient: Recipient | undefined,
  options: Omit<DesignImageOptions, 'format'>,
): Promise<Buffer> {
  return designImage(context, accountId, design, recipient, { ...options, format: 'png' });
}

/** A one-off PDF, at print resolution unless `print: false` (the weight an email attaches, see preparedPdfRenderer). */
export async function designPdf(
  context: AppContext,
  accountId: number | null,
  design: CertificateDesign,
  recipient: Recipient | undefined,
  title: string,
  { print = true }: { print?: boolean } = {},
): Promise<Buffer> {
  const pooled = context.renders.prepare(design, { ...(await poolOptions(context, accountId, design, print)), title, keep: false });
  return pooled.renderPdf(recipient);
}

/**
 * A design prepared once for many recipients in a row (a send, a print file): each pool worker subsets
 * its fonts and decodes its images the first time it renders it, and keeps them for the next recipient.
 * `print: false` keeps stored images at their light, screen resolution: the weight of a PDF an email carries,
 * where the print variants (several times the bytes) would cost every message and mailbox.
 */
export async function preparedPdfRenderer(
  context: AppContext,
  accountId: number,
  design: CertificateDesign,
  title: string,
  { print = true }: { print?: boolean } = {},
): Promise<PooledDesign> {
  return context.renders.prepare(design, { ...(await poolOptions(context, accountId, design, print)), title });
}
