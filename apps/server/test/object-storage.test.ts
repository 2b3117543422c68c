import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { backgroundKey } from '../src/seed/background-files.ts';
import { BACKGROUNDS } from '../src/seed/backgrounds/index.ts';
import { printVariantKey } from '../src/storage/print-variant.ts';
import { registerConfirmedAdmin } from './helpers/api.ts';
import { NAME_ELEMENT } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { FaultyS3Path, S3Server } from './helpers/s3-server.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';
import { uploadBackground } from './helpers/uploads.ts';

const require = createRequire(import.meta.url);
const lobster = readFileSync(
  path.join(path.dirname(require.resolve('@expo-google-fonts/lobster/package.json')), '400Regular', 'Lobster_400Regular.ttf'),
);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const s3 = new S3Server();
const dataDir = mkdtempSync(path.join(tmpdir(), 'laurel-s3-data-'));
let laurel: TestLaurel;

beforeAll(async () => {
  await s3.start();
  // A real install draws the print variants of the seeded art beside its start; stand-ins in the bucket
  // keep this test from spending a minute of both cores on them.
  for (const art of BACKGROUNDS) await s3.write(printVariantKey(backgroundKey(art.slug)), Buffer.from('drawn elsewhere'));
  // A DATA_DIR on disk, so that a file written there would show.
  laurel = await startTestLaurel({ env: { ...s3.env(), DATA_DIR: dataDir } });
});
afterAll(async () => {
  await laurel?.close();
  await s3.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (target: TestLaurel, url: string) => target.app.inject({ method: 'GET', url, headers: { host: 'laurel.test' } });

describe('files in an S3 bucket', () => {
  it('keeps uploads in the bucket, serves them, renders them into a PDF and deletes them; nothing goes to DATA_DIR/files', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    await laurel.context.db
      .update(accounts)
      .set({ allowed_sets: 5, stripe_active: true, stripe_plan: 'advanced-monthly-3' })
      .where(eq(accounts.id, admin.user.account!.id));

    const background = await uploadBackground(admin.client);
    const stored = await s3.read(background.key);
    expect(stored).not.toBeNull();
    const served = await get(laurel, background.imagepath);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored!)).toBe(true);

    const font = await admin.client.upload('/api/font/uploads', [
      { name: 'name', value: 'Brand Script' },
      { name: 'file', value: lobster, filename: 'brand.ttf' },
    ]);
    expect(font.statusCode).toBe(200);
    const fontKey = font.json().url.split('/').pop() as string;
    expect((await s3.read(fontKey))?.equals(lobster)).toBe(true);

    const set = await admin.client.post('/api/certificates', {
      name: 'From the bucket',
      elements: [
        { type: 'background', content: background.imagepath, styles: {} },
        { ...NAME_ELEMENT, styles: { ...NAME_ELEMENT.styles, 'font-family': 'Brand Script' } },
      ],
    });
    expect(set.statusCode).toBe(200);
    const pdf = await admin.client.get(`/api/certificates/${set.json().id}/pdf?type=stream&FIRST_NAME=Ada&LAST_NAME=Lovelace`);
    expect(pdf.statusCode).toBe(200);
    const file = path.join(dataDir, 'certificate.pdf');
    writeFileSync(file, pdf.rawPayload);
    // The uploaded background is in the page at its own size, and the name is set in the uploaded font.
    const images = execFileSync('pdfimages', ['-list', file]).toString();
    expect(images).toMatch(new RegExp(`^\\s*1\\s+\\d+\\s+image\\s+${background.width}\\s+${background.height}\\s`, 'm'));
    expect(execFileSync('pdffonts', [file]).toString()).toMatch(/Lobster/);

    const removed = await admin.client.post('/api/certificates/remove-fonts', { fonts: [font.json().id] });
    expect(removed.json().message).toBe('Font deleted');
    expect(await s3.has(fontKey)).toBe(false);
    expect((await get(laurel, font.json().url)).statusCode).toBe(404);

    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
  });

  it('sends an export to a short-lived address in the bucket', async () => {
    const premium = await storeAccount(laurel, { premium: true });
    const project = await saveProject(premium.admin.client, premium.setId, 'Bucket crew', [
      { first: 'Zoë', last: 'Okafor', email: 'zoe@example.com', course: 'Sailing' },
    ]);
    await sendAndSettle(premium.admin.client, project);
    const started = await premium.admin.client.post('/api/projects/run-export', { project_id: project, export_type: 'csv' });
    expect(started.statusCode).toBe(200);
    let link: string | undefined;
    for (let i = 0; i < 300 && !link; i++) {
      const [mail] = (await laurel.mailsTo(premium.admin.email)).filter((m) => m.kind === 'export');
      link = mail && /http:\/\/laurel\.test(\/api\/exports\/\S+)/.exec(mail.text)?.[1];
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    const answer = await get(laurel, link!);
    expect(answer.statusCode).toBe(302);
    const location = answer.headers.location as string;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/export-`)).toBe(true);
    const download = await fetch(location);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Bucket crew - recipients\.csv"/);
    expect(await download.text()).toContain('Okafor');
  });
});

/** `npm run files:to-s3` as the command runs it, on the sources: its output and exit code. */
function filesToS3(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/storage/files-to-s3.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

describe('npm run files:to-s3', () => {
  const oldDataDir = mkdtempSync(path.join(tmpdir(), 'laurel-s3-old-'));
  const files = new Map<string, Buffer>();
  const bucket = new S3Server();
  const faulty = () => new FaultyS3Path(bucket.endpoint);

  beforeAll(async () => {
    await bucket.start();
    mkdirSync(path.join(oldDataDir, 'files'));
    for (const key of ['a1.png', 'b2.jpg', 'cert-c3.pdf', 'export-d4.csv', 'font-e5.ttf']) {
      const bytes = createHash('sha256').update(key).digest();
      files.set(key, Buffer.concat([bytes, bytes, bytes]));
      writeFileSync(path.join(oldDataDir, 'files', key), files.get(key)!);
    }
    writeFileSync(path.join(oldDataDir, 'files', 'notes to self.txt'), 'not a stored file');
  });
  afterAll(async () => {
    await bucket.stop();
    rmSync(oldDataDir, { recursive: true, force: true });
  });

  it('copies every file, resumes after a partial copy and repairs a changed object, then has nothing left to do', async () => {
    const refusing = faulty();
    refusing.failPutsAfter = 2;
    const interrupted = await filesToS3({ DATA_DIR: oldDataDir, ...bucket.env(await refusing.start()) });
    await refusing.stop();
    expect(interrupted.code).not.toBe(0);
    const copiedFirst = await bucket.keys();
    expect(copiedFirst).toHaveLength(2);
    // An object changed in the bucket since (same size, other bytes) must not pass for a copy.
    const changed = copiedFirst[0]!;
    await bucket.write(changed, Buffer.alloc(files.get(changed)!.length, 7));

    const resumed = await filesToS3({ DATA_DIR: oldDataDir, ...bucket.env() });
    expect(resumed.code, resumed.output).toBe(0);
    expect(resumed.output).toContain('files:to-s3: 5 files, 4 copied, 1 already there, 0 mismatched, 1 ignored');
    expect(resumed.output).toMatch(/\[5\/5\]/);
    expect(resumed.output).toContain('ignored notes to self.txt');
    for (const [key, bytes] of files) expect((await bucket.read(key))?.equals(bytes), key).toBe(true);
    expect(await bucket.keys()).toHaveLength(5);

    const again = await filesToS3({ DATA_DIR: oldDataDir, ...bucket.env() });
    expect(again.code).toBe(0);
    expect(again.output).toContain('files:to-s3: 5 files, 0 copied, 5 already there, 0 mismatched');
  });

  it('exits non-zero and names the file when a copy reads back differently', async () => {
    await bucket.remove('cert-c3.pdf');
    const corrupting = faulty();
    corrupting.corruptReads.add('cert-c3.pdf');
    const run = await filesToS3({ DATA_DIR: oldDataDir, ...bucket.env(await corrupting.start()) });
    await corrupting.stop();
    expect(run.code).toBe(1);
    expect(run.output).toContain('mismatch: cert-c3.pdf');
    expect(run.output).toContain('files:to-s3: 5 files, 0 copied, 4 already there, 1 mismatched');
  });
});
