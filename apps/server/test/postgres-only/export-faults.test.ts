import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../../src/db/schema.ts';
import { exportGaveUpJob, exportJob } from '../../src/modules/exports/job.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Person, saveProject, storeAccount } from '../helpers/store-fixtures.ts';

/**
 * An export whose file cannot be stored: DATA_DIR/files is a tmpfs filled up, so the write fails
 * half-way with ENOSPC as on a full disk. Mounting needs root; elsewhere the file is skipped.
 */
const asRoot = process.getuid?.() === 0;
const dataDir = mkdtempSync(path.join(tmpdir(), 'laurel-export-faults-'));
const filesDir = path.join(dataDir, 'files');
const filler = path.join(filesDir, 'filler');
let laurel: TestLaurel;
let mounted = false;

const PEOPLE: Person[] = Array.from({ length: 400 }, (_, i) => ({
  first: 'Noor',
  last: `Haddad ${i}`,
  email: `noor.${i}@example.com`,
  course: 'Harbour pilotage, advanced module',
}));

/**
 * Fills the disk so that only about `free` bytes are left: writes until the disk refuses, then gives
 * `free` back. (The space the disk reports can shrink meanwhile: the server writes its own files there.)
 */
function fillDisk(free: number) {
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(1024 * 1024);
  let written = 0;
  try {
    for (;;) written += writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    ftruncateSync(fd, Math.max(0, written - free));
    closeSync(fd);
  }
}

const jobOf = async (exportId: number) =>
  (
    await laurel.context.db.execute<{ state: string; retry_count: number }>(
      sql`select state, retry_count from pgboss.job where name = ${exportJob.name} and data->>'exportId' = ${String(exportId)}`,
    )
  ).rows[0];

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  if (!asRoot) return;
  mkdirSync(filesDir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', filesDir]);
  mounted = true;
  laurel = await startTestLaurel({ env: { WORKERS: '1', DATA_DIR: dataDir } });
});

afterAll(async () => {
  await laurel?.close();
  if (mounted) execFileSync('umount', [filesDir]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!asRoot)('an export when the disk refuses the file', () => {
  it('leaves no partial file, serves nothing, retries and then delivers the whole file once the disk has room', {
    timeout: 180_000,
  }, async () => {
    const { admin, setId } = await storeAccount(laurel, { premium: true });
    const projectId = await saveProject(admin.client, setId, 'Pilotage', PEOPLE);
    fillDisk(8 * 1024);
    const started = await admin.client.post('/api/projects/run-export', { project_id: projectId, export_type: 'csv' });
    expect(started.statusCode).toBe(200);
    const [record] = await laurel.context.db.select().from(dataExports).where(eq(dataExports.account_id, admin.user.account!.id));
    // A failed run with retries left waits in state `retry` for its delay (20 s and more).
    await waitUntil('the first run to fail', async () => (await jobOf(record!.id))?.state === 'retry', 60_000);

    // The run failed on a full disk: the export waits for its retry, nothing of the file is left or served.
    const [waiting] = await laurel.context.db.select().from(dataExports).where(eq(dataExports.id, record!.id));
    expect(waiting!.status).toBe('queued');
    expect(existsSync(path.join(filesDir, record!.file_key))).toBe(false);
    const early = await admin.client.get(`/api/exports/${record!.file_key}`);
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe('This export is no longer available. Please start it again from the Store.');

    // Room again: the retry writes the whole file and mails its link.
    rmSync(filler);
    await waitUntil('the retry to finish the export', async () => (await jobOf(record!.id))?.state === 'completed', 90_000);
    const file = await admin.client.get(`/api/exports/${record!.file_key}`);
    expect(file.statusCode).toBe(200);
    expect(file.body.trim().split('\r\n')).toHaveLength(PEOPLE.length + 1);
    expect((await laurel.mailsTo(admin.email)).filter((m) => m.kind === 'export')).toHaveLength(1);
  });

  it('tells the issuer the export failed once its retries are used up, and keeps no part of the file', async () => {
    rmSync(filler, { force: true });
    const { admin } = await storeAccount(laurel, { premium: true, name: 'Full Disk Harbour' });
    // An export whose runs all failed, the last one cut off mid-write with half a file left behind.
    const [record] = await laurel.context.db
      .insert(dataExports)
      .values({
        account_id: admin.user.account!.id,
        user_id: admin.user.id,
        key: 'full-disk-harbour',
        kind: 'projects',
        export_type: 'csv',
        email: admin.email,
        title: 'Pilotage again',
        params: { project_ids: [] },
        file_key: `export-${randomBytes(18).toString('base64url')}.csv`,
      })
      .returning();
    writeFileSync(path.join(filesDir, record!.file_key), 'Project,Certificate,Certificate number,First name\r\nPilotage again,');
    // What the dead-letter queue runs after the last retry.
    await exportGaveUpJob.handle({ exportId: record!.id }, laurel.context, undefined as never);
    const [failed] = await laurel.context.db.select().from(dataExports).where(eq(dataExports.id, record!.id));
    expect(failed!.status).toBe('failed');
    const mail = (await laurel.mailsTo(admin.email)).find((m) => m.kind === 'export');
    expect(mail?.subject).toBe('Export failed: Pilotage again');
    expect(existsSync(path.join(filesDir, record!.file_key))).toBe(false);
    expect((await admin.client.get(`/api/exports/${record!.file_key}`)).statusCode).toBe(404);
  });
});
