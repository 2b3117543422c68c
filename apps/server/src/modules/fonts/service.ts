import { randomBytes } from 'node:crypto';
import { type CustomFont, maxOwnFonts } from '@laurel/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import * as fontkit from 'fontkit';
import type { AppContext } from '../../context.ts';
import { accountFonts, accounts, storedFiles } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertFeature } from '../billing/index.ts';
import { deleteRemovedBytes, forgetStoredFiles } from '../files/index.ts';

/** docs/product/builder.md#rules-and-limits: a font name starts with a letter, then letters, digits, underscore, hyphen or spaces. */
const FONT_NAME = /^[A-Za-z][A-Za-z0-9_\- ]*$/;
export const FONT_MESSAGES = {
  name: 'The font name must start with a letter and contain only letters, digits, underscores, hyphens and spaces.',
  limit: (n: number) => `you can't use more than ${n} of own fonts`,
  file: 'The font must be a TrueType (.ttf), OpenType (.otf) or WOFF (.woff) file.',
  exists: 'A font with this name already exists.',
  notRemoved: 'Cant delete font',
} as const;

/** TTF, OTF or WOFF by their first bytes; WOFF2 is refused because the PDF writer cannot embed it. */
function sniffFont(bytes: Buffer): { mime: string; extension: string } | null {
  const tag = bytes.subarray(0, 4);
  if (tag.equals(Buffer.from([0, 1, 0, 0])) || tag.toString('latin1') === 'true') return { mime: 'font/ttf', extension: 'ttf' };
  if (tag.toString('latin1') === 'OTTO') return { mime: 'font/otf', extension: 'otf' };
  if (tag.toString('latin1') === 'wOFF') return { mime: 'font/woff', extension: 'woff' };
  return null;
}

function assertUsableFont(bytes: Buffer): void {
  try {
    const font = fontkit.create(bytes) as fontkit.Font;
    if (!font.numGlyphs || font.layout('Certificate').glyphs.length === 0) throw new Error('no glyphs');
  } catch {
    throw badRequest(FONT_MESSAGES.file, { error_type: 'invalid_file' });
  }
}

export async function uploadFont(context: AppContext, accountId: number, input: { name: string; bytes: Buffer }) {
  const name = input.name.trim();
  if (!FONT_NAME.test(name) || name.length > 60) throw badRequest(FONT_MESSAGES.name, { field: 'name' });
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound();
  const now = context.clock.now();
  assertFeature(account, 'custom_fonts', now);
  const type = sniffFont(input.bytes);
  if (!type) throw badRequest(FONT_MESSAGES.file, { error_type: 'invalid_file' });
  assertUsableFont(input.bytes);
  const limit = maxOwnFonts(account, now);
  const [owned] = await context.db.select({ value: count() }).from(accountFonts).where(eq(accountFonts.account_id, accountId));
  if ((owned?.value ?? 0) >= limit) throw badRequest(FONT_MESSAGES.limit(limit), { error_type: 'limit' });

  const key = `${randomBytes(18).toString('base64url')}.${type.extension}`;
  await context.files.put(key, input.bytes);
  try {
    return await context.db.transaction(async (tx) => {
      await tx
        .insert(storedFiles)
        .values({ account_id: accountId, key, kind: 'font', mime: type.mime, size: input.bytes.length, original_name: name });
      const [font] = await tx.insert(accountFonts).values({ account_id: accountId, name, file_key: key }).returning();
      return presentFont(font!);
    });
  } catch (error) {
    await context.files.delete(key);
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw badRequest(FONT_MESSAGES.exists, { field: 'name' });
    throw error;
  }
}

/** Every font family a design names, wherever its elements sit (front, back, nested groups). */
function fontFamiliesOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) fontFamiliesOf(item, into);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'font-family' && typeof inner === 'string') into.add(inner);
      else fontFamiliesOf(inner, into);
    }
  return into;
}

/** The account's own fonts that a design uses. */
export async function ownFontsIn(context: AppContext, accountId: number, design: unknown): Promise<string[]> {
  const families = fontFamiliesOf(design);
  if (!families.size) return [];
  const rows = await context.db
    .select({ name: accountFonts.name })
    .from(accountFonts)
    .where(and(eq(accountFonts.account_id, accountId), inArray(accountFonts.name, [...families])));
  return rows.map((row) => row.name);
}

export function presentFont(font: typeof accountFonts.$inferSelect): CustomFont {
  return { id: font.id, name: font.name, family: font.name, file: font.file_key, url: `/api/files/${font.file_key}` };
}

export async function listFonts(context: AppContext, accountId: number) {
  const rows = await context.db.select().from(accountFonts).where(eq(accountFonts.account_id, accountId));
  return rows.map(presentFont);
}

/** Removes some of the account's fonts; refused when none of them is the account's. */
export async function removeFonts(context: AppContext, accountId: number, ids: number[]): Promise<void> {
  const removed = ids.length
    ? await context.db.transaction(async (tx) => {
        const rows = await tx
          .delete(accountFonts)
          .where(and(eq(accountFonts.account_id, accountId), inArray(accountFonts.id, ids)))
          .returning();
        await forgetStoredFiles(
          tx,
          rows.map((r) => r.file_key),
        );
        return rows;
      })
    : [];
  if (removed.length === 0) throw badRequest(FONT_MESSAGES.notRemoved);
  await deleteRemovedBytes(
    context,
    removed.map((r) => r.file_key),
  );
}
