import { readFileSync } from 'node:fs';
import type { CertificateDesign, Recipient } from '@laurel/certificate';
import {
  createPdfRenderer,
  type ImageLoader,
  nodeFontProvider,
  type PdfRenderer,
  type RenderOptions,
  registerCustomFont,
  renderPdf,
  renderPng,
} from '@laurel/certificate/node';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accountFonts } from '../../db/schema.ts';

const FILE_PATH = /^\/api\/files\/([A-Za-z0-9_-]+(?:\.[a-z0-9]+)?)$/;

/** Images in designs are our own stored files (`/api/files/{key}`) or data: URLs; nothing is fetched from elsewhere. */
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
 * Fonts for one account: the catalog plus the account's own uploads, registered under an id that
 * includes the account so two accounts' fonts of the same name never mix.
 */
async function accountFontProvider(context: AppContext, accountId: number): Promise<RenderOptions['fonts']> {
  const rows = await context.db.select().from(accountFonts).where(eq(accountFonts.account_id, accountId));
  if (!rows.length) return nodeFontProvider;
  const custom = new Map<string, ReturnType<typeof registerCustomFont>>();
  for (const row of rows) {
    const path = context.files.localPath(row.file_key);
    if (path) custom.set(row.name.toLowerCase(), registerCustomFont(`a${accountId}-${row.name}`, path));
  }
  return {
    ...nodeFontProvider,
    face(family, weight, italic) {
      const own = custom.get(
        family
          .split(',')[0]!
          .trim()
          .replace(/^['"]|['"]$/g, '')
          .toLowerCase(),
      );
      return own ? nodeFontProvider.load(own) : nodeFontProvider.face(family, weight, italic);
    },
  };
}

export async function renderOptionsFor(context: AppContext, accountId: number | null): Promise<RenderOptions> {
  return {
    fonts: accountId === null ? nodeFontProvider : await accountFontProvider(context, accountId),
    loadImage: storedImageLoader(context),
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

export async function designPng(
  context: AppContext,
  accountId: number | null,
  design: CertificateDesign,
  recipient: Recipient | undefined,
  options: { width?: number; back?: boolean },
) {
  return renderPng(design, recipient, {
    ...(await renderOptionsFor(context, accountId)),
    width: options.width,
    side: options.back ? 'back' : 'front',
  });
}

export async function designPdf(
  context: AppContext,
  accountId: number | null,
  design: CertificateDesign,
  recipient: Recipient | undefined,
  title: string,
) {
  return renderPdf(design, recipient, { ...(await renderOptionsFor(context, accountId)), title });
}

/** A renderer prepared once for a design (fonts subset, images decoded), for many recipients in a row. */
export async function preparedPdfRenderer(
  context: AppContext,
  accountId: number,
  design: CertificateDesign,
  title: string,
): Promise<PdfRenderer> {
  return createPdfRenderer(design, { ...(await renderOptionsFor(context, accountId)), title });
}
