import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Copies younger than this are kept whatever the budget: a prepared design may still point a render worker at them. */
const IN_USE_MS = 15 * 60_000;

/**
 * Copies of remote files in a private temporary folder, so that renderers can read them as files. A key
 * is fetched once however many ask at the same moment; past the byte budget the least recently used
 * copies go. For keys whose bytes never change once written (see FileStore.readablePath).
 */
export class ReadThroughCache {
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'laurel-file-cache-'));
  /** Cached keys in least-recently-used-first order. */
  private readonly entries = new Map<string, { size: number; usedAt: number }>();
  private readonly loading = new Map<string, Promise<string | null>>();
  private bytes = 0;

  constructor(
    private readonly fetch: (key: string) => Promise<Buffer | null>,
    private readonly maxBytes = 512 * 1024 * 1024,
  ) {}

  /** The copy's path, fetched now if there is none; null when the remote store has no such file. Keys must be safe file names. */
  path(key: string): Promise<string | null> {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, { ...entry, usedAt: Date.now() });
      return Promise.resolve(path.join(this.dir, key));
    }
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(key).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  async forget(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    await rm(path.join(this.dir, key), { force: true });
  }

  async close(): Promise<void> {
    this.entries.clear();
    await rm(this.dir, { recursive: true, force: true });
  }

  private async load(key: string): Promise<string | null> {
    const bytes = await this.fetch(key);
    if (!bytes) return null;
    const file = path.join(this.dir, key);
    // Written aside and renamed: a reader never sees half a file.
    const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    this.entries.set(key, { size: bytes.length, usedAt: Date.now() });
    this.bytes += bytes.length;
    await this.evict();
    return file;
  }

  private async evict(): Promise<void> {
    const cutoff = Date.now() - IN_USE_MS;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || entry.usedAt > cutoff) break;
      await this.forget(key);
    }
  }
}
