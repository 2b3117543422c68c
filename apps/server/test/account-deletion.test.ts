import { ACCOUNT_DELETION_MESSAGES, type UploadedImage } from '@laurel/domain';
import { createCanvas } from '@napi-rs/canvas';
import { and, eq } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountDeletions,
  accounts,
  auditLog,
  certificateSets,
  creditLedger,
  projects,
  recipients,
  storedFiles,
  users,
  withdrawnCertificates,
} from '../src/db/schema.ts';
import { accountDeletionJob } from '../src/modules/accounts/index.ts';
import type { FileStore } from '../src/storage/file-store.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, sendAndSettle, storeAccount, subUser } from './helpers/store-fixtures.ts';

let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel();
});
afterAll(async () => {
  await laurel?.close();
});

const db = () => laurel.context.db;
const deleteAccount = (client: ApiClient, accountId: number, password: string) =>
  client.call('DELETE', `/api/accounts/${accountId}`, { password });
const publicGet = (url: string) => laurel.app.inject({ method: 'GET', url, headers: { host: 'laurel.test' } });
/** Where each certificate's download and emailed PDF are kept. */
const pdfKeys = (tokens: string[]) => tokens.flatMap((token) => [`cert-${token}.pdf`, `cert-${token}-email.pdf`]);

async function png(): Promise<Buffer> {
  const canvas = createCanvas(40, 30);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#3d6b35';
  ctx.fillRect(0, 0, 40, 30);
  return canvas.encode('png');
}

/**
 * An account with a sent certificate (two recipients), its PDFs kept (the copy the emails carried and the download,
 * drawn on the first visit), an uploaded image and a sub-user.
 */
async function issuingAccount(name: string) {
  const account = await storeAccount(laurel, { name });
  expect((await account.admin.client.call('PUT', `/api/certificates/${account.setId}`, { attach_pdf: true })).statusCode).toBe(200);
  const people = [
    { first: 'Grace', last: 'Hopper', email: `grace.${account.accountId}@example.com` },
    { first: 'Alan', last: 'Turing', email: `alan.${account.accountId}@example.com` },
  ];
  const projectId = await saveProject(account.admin.client, account.setId, `Course ${name}`, people);
  await sendAndSettle(account.admin.client, projectId);
  const tokens = (await db().select({ token: recipients.token }).from(recipients).where(eq(recipients.project_id, projectId))).map(
    (r) => r.token,
  );
  for (const token of tokens) expect((await publicGet(`/api/c/${token}/pdf`)).statusCode).toBe(200);
  const upload = await account.admin.client.upload('/api/upload', [{ name: 'file', value: await png(), filename: 'logo.png' }]);
  expect(upload.statusCode, upload.body).toBe(200);
  const imageKey = upload.json<UploadedImage>().imagepath.split('/').pop()!;
  const sub = await subUser(laurel, account.accountId);
  return { ...account, projectId, tokens, imageKey, sub };
}

async function waitForDeletion(accountId: number) {
  for (let i = 0; i < 300; i++) {
    const [deletion] = await db().select().from(accountDeletions).where(eq(accountDeletions.account_id, accountId));
    if (deletion?.finished_at) return deletion;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('account deletion did not finish');
}

async function accountExists(accountId: number) {
  const [row] = await db().select({ deleted_at: accounts.deleted_at }).from(accounts).where(eq(accounts.id, accountId));
  return row;
}

describe('DELETE /api/accounts/{id}: who may, and with what', () => {
  it('refuses a wrong password with 403 "Wrong password" and changes nothing', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    const response = await deleteAccount(admin.client, accountId, 'not-my-password');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe('Wrong password');
    expect((await accountExists(accountId))?.deleted_at).toBeNull();
    expect((await admin.client.get('/api/auth/current')).statusCode).toBe(200);
    expect(await db().select().from(accountDeletions).where(eq(accountDeletions.account_id, accountId))).toEqual([]);
  });

  it('counts wrong passwords like failed sign-ins: once they are used up, even the right one answers 429', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    for (let i = 0; i < 5; i++) expect((await deleteAccount(admin.client, accountId, `wrong-${i}`)).statusCode).toBe(403);
    const throttled = await deleteAccount(admin.client, accountId, GOOD_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(errorOf(throttled).message).toBe('Too many attempts. Try again in few minutes.');
    expect((await accountExists(accountId))?.deleted_at).toBeNull();
  });

  it('refuses a sub-user with 403, and another account admin with 404', async () => {
    const owner = await storeAccount(laurel);
    const sub = await subUser(laurel, owner.accountId);
    const bySub = await deleteAccount(sub.client, owner.accountId, GOOD_PASSWORD);
    expect(bySub.statusCode).toBe(403);
    const stranger = await registerConfirmedAdmin(laurel);
    const byStranger = await deleteAccount(stranger.client, owner.accountId, GOOD_PASSWORD);
    expect(byStranger.statusCode).toBe(404);
    expect((await stranger.client.get(`/api/accounts/${owner.accountId}/deletion-summary`)).statusCode).toBe(404);
    expect((await accountExists(owner.accountId))?.deleted_at).toBeNull();
  });

  it('counts what a deletion would remove from the data', async () => {
    const account = await storeAccount(laurel);
    await saveProject(account.admin.client, account.setId, 'Knots', [
      { first: 'A', last: 'B', email: 'ab@example.com' },
      { first: 'C', last: 'D', email: 'cd@example.com' },
      { first: 'E', last: 'F', email: 'ef@example.com' },
    ]);
    await subUser(laurel, account.accountId);
    const summary = await account.admin.client.get(`/api/accounts/${account.accountId}/deletion-summary`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toEqual({ sets: 1, projects: 1, recipients: 3, users: 2 });
  });
});

describe('an account deleted by its admin', () => {
  let doomed: Awaited<ReturnType<typeof issuingAccount>>;
  let other: Awaited<ReturnType<typeof issuingAccount>>;
  let deletion: typeof accountDeletions.$inferSelect;
  let ledgerBefore: { bucket: string; delta: number }[];

  beforeAll(async () => {
    doomed = await issuingAccount('Doomed Academy');
    other = await issuingAccount('Lasting Academy');
    ledgerBefore = await db()
      .select({ bucket: creditLedger.bucket, delta: creditLedger.delta })
      .from(creditLedger)
      .where(eq(creditLedger.account_id, doomed.accountId));
    for (const key of pdfKeys(doomed.tokens)) expect(await laurel.context.files.get(key), key).not.toBeNull();
    expect(await laurel.context.files.get(doomed.imageKey)).not.toBeNull();

    const response = await deleteAccount(doomed.admin.client, doomed.accountId, GOOD_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().success).toBe(true);
  }, 60_000);

  it('is closed at once: its sessions end, its users cannot sign in, its links say the certificates were withdrawn', async () => {
    expect((await doomed.admin.client.get('/api/auth/current')).statusCode).toBe(401);
    expect((await doomed.sub.client.get('/api/auth/current')).statusCode).toBe(401);
    const again = new ApiClient(laurel);
    expect((await again.login(doomed.admin.email, GOOD_PASSWORD)).statusCode).toBe(401);
    // Whether the job has finished or not, the link answers the same.
    const page = await publicGet(`/api/c/${doomed.tokens[0]}`);
    expect(page.statusCode).toBe(410);
    expect(errorOf(page).message).toBe(ACCOUNT_DELETION_MESSAGES.withdrawn);
  });

  it('records who asked, from where and when, in the audit log', async () => {
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.account_id, doomed.accountId), eq(auditLog.action, 'account.deletion_requested')));
    expect(entry?.user_id).toBe(doomed.admin.user.id);
    expect(entry?.ip).toMatch(/^10\.0\./);
    expect(entry?.details).toMatchObject({ email: doomed.admin.email, name: 'Doomed Academy' });
  });

  it('loses its rows and file bytes once the job has run; another account keeps everything', async () => {
    deletion = await waitForDeletion(doomed.accountId);
    expect(await accountExists(doomed.accountId)).toBeUndefined();
    for (const table of [users, projects, certificateSets, storedFiles, creditLedger] as const) {
      expect(await db().select().from(table).where(eq(table.account_id, doomed.accountId))).toEqual([]);
    }
    expect(await db().select().from(recipients).where(eq(recipients.account_id, doomed.accountId))).toEqual([]);
    for (const key of pdfKeys(doomed.tokens)) expect(await laurel.context.files.get(key), key).toBeNull();
    expect(await laurel.context.files.get(doomed.imageKey)).toBeNull();

    expect(await accountExists(other.accountId)).toEqual({ deleted_at: null });
    expect(await db().select().from(recipients).where(eq(recipients.account_id, other.accountId))).toHaveLength(2);
    expect(await db().select().from(users).where(eq(users.account_id, other.accountId))).toHaveLength(2);
    for (const key of pdfKeys(other.tokens)) expect(await laurel.context.files.get(key), key).not.toBeNull();
    expect(await laurel.context.files.get(other.imageKey)).not.toBeNull();
    expect((await publicGet(`/api/c/${other.tokens[0]}`)).statusCode).toBe(200);
    expect((await other.admin.client.get('/api/auth/current')).statusCode).toBe(200);
  });

  it('keeps a record of the deletion with the counts removed and the ledger totals', async () => {
    expect(deletion).toMatchObject({
      account_name: 'Doomed Academy',
      account_url: doomed.admin.url,
      requested_by_user_id: doomed.admin.user.id,
      requested_by_email: doomed.admin.email,
    });
    expect(deletion.ip).toMatch(/^10\.0\./);
    expect(deletion.finished_at!.getTime()).toBeGreaterThanOrEqual(deletion.requested_at.getTime());
    expect(deletion.removed).toMatchObject({ recipients: 2, projects: 1, sets: 1, users: 2, accounts: 1 });
    expect(deletion.removed.files).toBeGreaterThanOrEqual(1);

    const sum = (bucket: string) => ledgerBefore.filter((e) => e.bucket === bucket).reduce((total, e) => total + e.delta, 0);
    const ledger = deletion.ledger as { buckets: Record<string, { balance: number; entries: number }> };
    expect(ledger.buckets.payg?.balance).toBe(sum('payg'));
    expect(ledger.buckets.payg?.entries).toBe(ledgerBefore.filter((e) => e.bucket === 'payg').length);
    // Two recipients were paid for out of the 2,000 credits bought.
    expect(sum('payg') + sum('subscription')).toBeLessThan(
      ledgerBefore.filter((e) => e.delta > 0).reduce((total, e) => total + e.delta, 0),
    );
  });

  it('keeps only the link tokens of its recipients, and their links answer 410 with the message', async () => {
    const tombstones = await db().select().from(withdrawnCertificates).where(eq(withdrawnCertificates.deletion_id, deletion.id));
    expect(tombstones.map((t) => t.token).sort()).toEqual([...doomed.tokens].sort());
    for (const url of [
      `/api/c/${doomed.tokens[0]}`,
      `/api/c/${doomed.tokens[1]}/pdf`,
      `/api/c/${doomed.tokens[1]}/image.png`,
      `/api/c/${doomed.tokens[1]}/image.jpg`,
    ]) {
      const response = await publicGet(url);
      expect(response.statusCode, url).toBe(410);
      expect(errorOf(response).message).toBe('This certificate was withdrawn by its issuer');
      expect(response.body).not.toContain('Grace');
    }
    expect((await publicGet('/api/c/no-such-token-at-all-0123456789abcdef')).statusCode).toBe(404);
  });

  it('frees the account URL once the job has finished', async () => {
    const check = await new ApiClient(laurel).post('/api/registration/url', { url: doomed.admin.url });
    expect(check.json()).toMatchObject({ taken: false });
  });

  it('is harmless to run again', async () => {
    await accountDeletionJob.handle({ deletionId: deletion.id }, laurel.context, {} as Job<{ deletionId: number }>);
    const [after] = await db().select().from(accountDeletions).where(eq(accountDeletions.id, deletion.id));
    expect(after).toEqual(deletion);
    expect(await db().select().from(recipients).where(eq(recipients.account_id, other.accountId))).toHaveLength(2);
  });

  it('answers 404 to a second deletion of the same account', async () => {
    const response = await deleteAccount(doomed.admin.client, doomed.accountId, GOOD_PASSWORD);
    expect([401, 404]).toContain(response.statusCode);
  });
});

describe('a deletion stopped half-way', () => {
  it('resumes where it stopped and counts every row once', async () => {
    const account = await issuingAccount('Interrupted Academy');
    const now = new Date();
    await db().update(accounts).set({ deleted_at: now }).where(eq(accounts.id, account.accountId));
    const [record] = await db()
      .insert(accountDeletions)
      .values({ account_id: account.accountId, account_name: 'Interrupted Academy', account_url: account.admin.url, requested_at: now })
      .returning();
    // The file store fails after the first recipient batch's bytes: the run stops there, as a crash would.
    let deletes = 0;
    const failing: FileStore = {
      ...laurel.context.files,
      get: (key) => laurel.context.files.get(key),
      put: (key, bytes) => laurel.context.files.put(key, bytes),
      exists: (key) => laurel.context.files.exists(key),
      readablePath: (key) => laurel.context.files.readablePath(key),
      delete: async (key) => {
        deletes += 1;
        // Past the first batch's bytes: both recipients' two PDFs.
        if (deletes > pdfKeys(account.tokens).length) throw new Error('store unreachable');
        await laurel.context.files.delete(key);
      },
    };
    await expect(
      accountDeletionJob.handle({ deletionId: record!.id }, { ...laurel.context, files: failing }, {} as Job<{ deletionId: number }>),
    ).rejects.toThrow('store unreachable');
    const [halfway] = await db().select().from(accountDeletions).where(eq(accountDeletions.id, record!.id));
    expect(halfway?.finished_at).toBeNull();
    expect(halfway?.removed).toEqual({ recipients: 2 });

    await accountDeletionJob.handle({ deletionId: record!.id }, laurel.context, {} as Job<{ deletionId: number }>);
    const [done] = await db().select().from(accountDeletions).where(eq(accountDeletions.id, record!.id));
    expect(done?.finished_at).not.toBeNull();
    expect(done?.removed).toMatchObject({ recipients: 2, projects: 1, sets: 1, users: 2, accounts: 1 });
    expect(await laurel.context.files.get(account.imageKey)).toBeNull();
    expect(await accountExists(account.accountId)).toBeUndefined();
  }, 60_000);
});
