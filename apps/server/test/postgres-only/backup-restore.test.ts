import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, GOOD_PASSWORD, registerConfirmedAdmin } from '../helpers/api.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { SmtpSink } from '../helpers/smtp-sink.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.ts';

/**
 * The backup procedure of docs/operations.md, carried out: pg_dump of the database and a copy of
 * DATA_DIR's files and app secret, restored into a new cluster and folder. A fresh Laurel on them serves
 * the same certificates at the same links and lets the same people sign in.
 */
const work = mkdtempSync(path.join(tmpdir(), 'laurel-backup-'));
const sink = new SmtpSink();
const clusters: ThrowawayPostgres[] = [];
const laurels: TestLaurel[] = [];
const host = { host: 'laurel.test' };
const PROGRAMME = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n% programme of the day\n');

afterAll(async () => {
  for (const laurel of laurels) await laurel.close().catch(() => {});
  await sink.stop();
  for (const cluster of clusters) cluster.stop();
  rmSync(work, { recursive: true, force: true });
});

async function certificateOf(laurel: TestLaurel, code: string) {
  const page = await laurel.app.inject({ method: 'GET', url: `/api/c/${code}`, headers: host });
  const pdf = await laurel.app.inject({ method: 'GET', url: `/api/c/${code}/pdf`, headers: host });
  expect(pdf.statusCode).toBe(200);
  return {
    page: page.json(),
    text: execFileSync('pdftotext', ['-q', '-', '-'], { input: pdf.rawPayload }).toString(),
  };
}

describe('backup and restore', () => {
  it('restores a pg_dump and the copied files into a new cluster and folder with the same certificates and sign-ins', {
    timeout: 240_000,
  }, async () => {
    const smtpUrl = await sink.start();
    const original = await startThrowawayPostgres();
    clusters.push(original);
    const originalDir = path.join(work, 'original');
    // No APP_SECRET: the generated one lives in DATA_DIR and is part of the backup.
    const before = await startTestLaurel({ smtpUrl, env: { DATABASE_URL: original.url, DATA_DIR: originalDir } });
    laurels.push(before);
    const admin = await registerConfirmedAdmin(before);
    const set = (
      await admin.client.post('/api/certificates', {
        name: 'Kept safe',
        elements: [
          {
            type: 'name',
            content: '[FIRST NAME] [LAST NAME]',
            styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '28px' },
          },
        ],
      })
    ).json();
    // A file in the store: the programme attached to the certificate.
    const upload = await admin.client.upload(`/api/certificates/${set.id}/uploads`, [
      { name: 'file', value: PROGRAMME, filename: 'Programme.pdf' },
    ]);
    expect(upload.statusCode).toBe(200);
    const names = ['Amara Diallo', 'Jonas Berg', 'Léa Moreau'];
    const rows = names.map((name, i) => {
      const [first, last] = name.split(' ');
      return { FIRST_NAME: first!, LAST_NAME: last!, 'Email Address': `kept.${i}@example.com` };
    });
    const project = (await admin.client.post('/api/projects', { title: 'Archive', certificate_id: set.id, recipients: rows })).json();
    expect((await admin.client.post(`/api/projects/${project.id}/send-emails`, { sender_name: 'Registry' })).statusCode).toBe(200);
    for (let i = 0; i < 300 && sink.messages.filter((m) => JSON.stringify(m.to).includes('kept.')).length < names.length; i++) {
      await new Promise((r) => setTimeout(r, 200));
    }
    // The link of each recipient, in the order of `names` (messages arrive in any order).
    const codes = names.map((_, i) => {
      const message = sink.messages.find((m) => JSON.stringify(m.to).includes(`kept.${i}@`))!;
      return /http:\/\/laurel\.test\/c\/([A-Za-z0-9_-]{32})/.exec(message.text ?? '')![1]!;
    });
    expect(codes).toHaveLength(names.length);
    const certificates = await Promise.all(codes.map((code) => certificateOf(before, code)));
    const programme = await before.app.inject({ method: 'GET', url: upload.json().url, headers: host });
    expect(programme.rawPayload.equals(PROGRAMME)).toBe(true);

    // The backup: a dump of the database, then the files and the app secret.
    const dump = path.join(work, 'laurel.dump');
    execFileSync(path.join(original.bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, original.url]);
    const backupDir = path.join(work, 'backup');
    cpSync(path.join(originalDir, 'files'), path.join(backupDir, 'files'), { recursive: true });
    cpSync(path.join(originalDir, 'app-secret'), path.join(backupDir, 'app-secret'));
    // The original goes away entirely before the restore.
    await before.close();
    laurels.length = 0;
    original.stop();
    clusters.length = 0;
    rmSync(originalDir, { recursive: true, force: true });

    const fresh = await startThrowawayPostgres();
    clusters.push(fresh);
    const freshUrl = new URL(fresh.url);
    execFileSync(path.join(fresh.bin, 'createdb'), ['--host=127.0.0.1', `--port=${freshUrl.port}`, '--username=postgres', 'laurel']);
    freshUrl.pathname = '/laurel';
    execFileSync(path.join(fresh.bin, 'pg_restore'), ['--no-owner', `--dbname=${freshUrl}`, dump]);
    const restoredDir = path.join(work, 'restored');
    cpSync(backupDir, restoredDir, { recursive: true });
    const after = await startTestLaurel({ smtpUrl, env: { DATABASE_URL: freshUrl.toString(), DATA_DIR: restoredDir } });
    laurels.push(after);

    for (const [i, code] of codes.entries()) {
      const restored = await certificateOf(after, code);
      expect(restored.page.status).toBe('valid');
      expect(restored.page.recipient_name).toBe(names[i]);
      expect(restored).toEqual(certificates[i]);
    }
    const restoredProgramme = await after.app.inject({ method: 'GET', url: upload.json().url, headers: host });
    expect(restoredProgramme.statusCode).toBe(200);
    expect(restoredProgramme.rawPayload.equals(PROGRAMME)).toBe(true);
    const signIn = await new ApiClient(after).login(admin.email, GOOD_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.email).toBe(admin.email);
    // The session taken before the backup still works: sessions live in the database.
    expect((await new ApiClient(after, admin.client.token).get(`/api/projects/${project.id}`)).json()).toMatchObject({ sent_count: 3 });
  });
});
