import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { elementText, migrateDesign, validateDesign } from '@laurel/certificate';
import { count, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryImages, storedFiles, styles } from '../src/db/schema.ts';
import { BACKGROUNDS, seedGlobalContent, TEMPLATES } from '../src/seed/index.ts';
import { ApiClient, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel, testBackend } from './helpers/laurel.ts';

interface PresentedStyle {
  id: number;
  name: string;
  is_portrait: boolean;
  elements: { type: string; content: string }[];
  email_subject: string;
  reply_to: string;
}

let laurel: TestLaurel;
let member: ApiClient;
let superAdmin: ApiClient;
const dir = mkdtempSync(path.join(tmpdir(), 'laurel-seed-test-'));

beforeAll(async () => {
  laurel = await startTestLaurel();
  member = (await registerConfirmedAdmin(laurel)).client;
  superAdmin = new ApiClient(laurel);
  await superAdmin.login('root@laurel.test', 'correct horse battery staple');
});
afterAll(async () => {
  await laurel?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function listStyles(client = member): Promise<PresentedStyle[]> {
  const response = await client.get('/api/styles');
  expect(response.statusCode).toBe(200);
  return response.json().styles;
}

async function counts(target: TestLaurel) {
  const [s] = await target.context.db.select({ n: count() }).from(styles);
  const [l] = await target.context.db.select({ n: count() }).from(libraryImages);
  const [f] = await target.context.db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.kind, 'background'));
  return { styles: s!.n, library: l!.n, files: f!.n };
}

describe('global templates on a fresh install', () => {
  it('lists at least 12 templates in both orientations, each a valid design with its email', async () => {
    const list = await listStyles();
    expect(list.length).toBeGreaterThanOrEqual(12);
    // In the catalogue's order until a super-admin reorders them.
    expect(list.map((s) => s.name)).toEqual(TEMPLATES.map((t) => t.name));
    expect(list.filter((s) => s.is_portrait).length).toBeGreaterThanOrEqual(4);
    expect(list.filter((s) => !s.is_portrait).length).toBeGreaterThanOrEqual(8);
    expect(new Set(TEMPLATES.map((t) => t.kind))).toEqual(new Set(['classic', 'modern', 'academic', 'corporate', 'training', 'award']));
    for (const style of list) {
      expect(validateDesign(migrateDesign(style)), style.name).toEqual([]);
      expect(style.elements.filter((e) => e.type === 'name')).toHaveLength(1);
      expect(style.elements[0]).toMatchObject({ type: 'background', content: expect.stringMatching(/^\/api\/files\/seed-bg-/) });
      expect(style.reply_to).toBe('[ACCOUNT_EMAIL]');
      expect(style.email_subject).not.toBe('');
    }
    expect(list.filter((s) => s.elements.some((e) => e.type === 'qrcode')).length).toBeLessThanOrEqual(2);
  });

  it('renders every template, with its background, to PNG and to a PDF holding its title', async () => {
    for (const style of await listStyles()) {
      const png = await member.get(`/api/styles/${style.id}/image/image.png?width=160`);
      expect(png.statusCode, style.name).toBe(200);
      const image = PNG.sync.read(png.rawPayload);
      // The corner is the background's own colour, never the bare white of a missing image.
      expect([...image.data.subarray(0, 3)], style.name).not.toEqual([255, 255, 255]);

      const pdf = await member.get(`/api/styles/${style.id}/pdf?type=stream`);
      expect(pdf.statusCode, style.name).toBe(200);
      const file = path.join(dir, `${style.id}.pdf`);
      writeFileSync(file, pdf.rawPayload);
      const title = elementText(migrateDesign(style).elements.find((e) => e.type === 'text')!);
      expect(execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' '), style.name).toContain(title);
    }
  });

  it('offers the seeded backgrounds in the background library, served from the file store', async () => {
    const backgrounds: { imagepath: string; name: string }[] = (await member.get('/api/backgrounds')).json().backgrounds;
    const seeded = backgrounds.filter((b) => b.imagepath.startsWith('/api/files/seed-bg-'));
    expect(seeded.length).toBe(BACKGROUNDS.length);
    expect(seeded.length).toBeGreaterThanOrEqual(14);
    const served = await member.get(seeded[0]!.imagepath);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.length).toBeLessThan(400 * 1024);
  });
});

describe('seeding again', () => {
  it('adds nothing twice, keeps edits, and does not bring back a deleted template', async () => {
    const before = await counts(laurel);
    const [first, second] = await listStyles(superAdmin);
    const deleted = await superAdmin.delete(`/api/styles/${first!.id}`);
    expect(deleted.statusCode).toBe(200);
    const renamed = await superAdmin.call('PUT', `/api/styles/${second!.id}`, { name: `${second!.name} (ours)` });
    expect(renamed.statusCode).toBe(200);

    const report = await seedGlobalContent(laurel.context);
    expect(report).toMatchObject({ backgroundsStored: 0, templatesAdded: [], backgroundsListed: 0 });
    const names = (await listStyles()).map((s) => s.name);
    expect(names).not.toContain(first!.name);
    expect(names).not.toContain(second!.name);
    expect(names).toContain(`${second!.name} (ours)`);
    expect(await counts(laurel)).toEqual({ ...before, styles: before.styles - 1 });
  });

  it('is idempotent across a restart on the same database', async () => {
    // PGlite needs a data directory on disk to outlive the process; PostgreSQL already has one.
    const env: Record<string, string> =
      testBackend() === 'postgres'
        ? { DATABASE_URL: laurel.context.env.DATABASE_URL! }
        : { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'laurel-seed-')) };
    const first = await startTestLaurel({ env });
    const before = await counts(first);
    await first.close();
    const restarted = await startTestLaurel({ env });
    try {
      expect(await counts(restarted)).toEqual(before);
    } finally {
      await restarted.close();
    }
  });
});
