import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { canvasSize } from '@laurel/certificate';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { storedFiles } from '../db/schema.ts';
import { printVariantKey } from '../storage/print-variant.ts';
import { BACKGROUNDS } from './backgrounds/index.ts';
import { BACKGROUND_SCALE, renderBackground } from './backgrounds/render.ts';
import type { BackgroundArt } from './backgrounds/types.ts';

/**
 * Bumped whenever the art changes: a new key makes existing installs store the new image beside the
 * old one, while certificates using the old image keep it.
 */
const ART_VERSION = 1;

/** The stable file-store key of a seeded background (served as /api/files/{key}). */
export function backgroundKey(slug: string): string {
  return `seed-bg-${slug}-v${ART_VERSION}.jpg`;
}

export function backgroundPath(slug: string): string {
  return `/api/files/${backgroundKey(slug)}`;
}

/**
 * A throwaway data dir (memory://, as tests use) gets a fresh file store on every start; drawing the
 * whole set each time would add seconds to each, so the drawn images are kept in the system's
 * temporary folder under a fingerprint of the drawing code, which any change to the art renews.
 * Real installs need no such cache: their file store keeps the images.
 */
function throwawayCacheDir(): string | null {
  try {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const hash = createHash('sha256');
    for (const dir of ['art', 'backgrounds']) {
      for (const file of readdirSync(path.join(here, dir)).sort()) hash.update(readFileSync(path.join(here, dir, file)));
    }
    return path.join(tmpdir(), 'laurel-seed-art', hash.digest('hex').slice(0, 16));
  } catch {
    // A bundled build has no sources beside it to fingerprint: it simply draws.
    return null;
  }
}

let cacheDir: string | null | undefined;
const drawnInProcess = new Map<string, Promise<Buffer>>();

async function drawOnce(art: BackgroundArt, throwaway: boolean): Promise<Buffer> {
  const key = backgroundKey(art.slug);
  if (throwaway && cacheDir === undefined) cacheDir = throwawayCacheDir();
  const dir = throwaway ? cacheDir : null;
  const cached = dir ? await readFile(path.join(dir, key)).catch(() => null) : null;
  if (cached) return cached;
  const bytes = await renderBackground(art);
  if (dir) {
    // Written under a unique name and renamed, so parallel test processes never read half a file.
    await mkdir(dir, { recursive: true });
    const partial = path.join(dir, `${key}.${process.pid}.${Math.random().toString(36).slice(2)}`);
    await writeFile(partial, bytes);
    await rename(partial, path.join(dir, key));
  }
  return bytes;
}

function backgroundBytes(context: AppContext, art: BackgroundArt): Promise<Buffer> {
  const key = backgroundKey(art.slug);
  let pending = drawnInProcess.get(key);
  if (!pending) {
    pending = drawOnce(art, context.env.DATA_DIR === 'memory://');
    drawnInProcess.set(key, pending);
    pending.catch(() => drawnInProcess.delete(key));
  }
  return pending;
}

/**
 * Makes sure every background's file and files row exist, drawing only the missing ones: after the
 * first start this is one query and a few file checks. Returns how many were stored.
 */
export async function ensureBackgroundFiles(context: AppContext): Promise<number> {
  const keys = BACKGROUNDS.map((art) => backgroundKey(art.slug));
  const rows = await context.db.select({ key: storedFiles.key }).from(storedFiles).where(inArray(storedFiles.key, keys));
  const withRow = new Set(rows.map((r) => r.key));
  const missing: BackgroundArt[] = [];
  for (const art of BACKGROUNDS) {
    const key = backgroundKey(art.slug);
    if (!withRow.has(key) || !(await context.files.exists(key))) missing.push(art);
  }
  // Drawing is synchronous but JPEG encoding runs on the thread pool, so starting all at once overlaps them.
  await Promise.all(
    missing.map(async (art) => {
      const key = backgroundKey(art.slug);
      const bytes = await backgroundBytes(context, art);
      const size = canvasSize('Letter', art.orientation === 'portrait');
      await context.files.put(key, bytes);
      await context.db
        .insert(storedFiles)
        .values({
          account_id: null,
          key,
          kind: 'background',
          mime: 'image/jpeg',
          size: bytes.length,
          original_name: `${art.slug}.jpg`,
          width: size.width * BACKGROUND_SCALE,
          height: size.height * BACKGROUND_SCALE,
          created_at: context.clock.now(),
        })
        .onConflictDoNothing();
    }),
  );
  return missing.length;
}

/**
 * Draws the print variant of every seeded background that lacks one, one at a time: a few seconds each,
 * so a server runs it beside its work after starting rather than before. Until a background's variant
 * exists, PDFs embed its light image.
 */
export async function ensurePrintBackgrounds(context: AppContext, slugs?: readonly string[]): Promise<number> {
  let drawn = 0;
  for (const art of BACKGROUNDS.filter((a) => !slugs || slugs.includes(a.slug))) {
    const key = printVariantKey(backgroundKey(art.slug));
    if (await context.files.exists(key)) continue;
    await context.files.put(key, await renderBackground(art, true));
    drawn++;
  }
  return drawn;
}
