import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { auditLog, projectCounters, projects, recipients } from '../src/db/schema.ts';
import { grantCredits } from '../src/modules/credits/ledger.ts';
import { ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';

/** The super-admin's operations screens (resend attempts, projects log, purchase log, mappings, template order) and the store's calls. */

const sink = new SmtpSink();
let laurel: TestLaurel;
let issuer: Awaited<ReturnType<typeof issuerWithCertificate>>;
let root: ApiClient;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '2' } });
  issuer = await issuerWithCertificate(laurel, { credits: 40, name: 'Admin ops' });
  root = new ApiClient(laurel);
  await root.login('root@laurel.test', 'correct horse battery staple');
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

const client = () => issuer.admin.client;
const put = (c: ApiClient, url: string, body?: unknown) => c.call('PUT', url, body);

async function project(title: string, count = 1) {
  const people = Array.from({ length: count }, (_, i) => ({
    FIRST_NAME: 'Grace',
    LAST_NAME: `Hopper ${i}`,
    'Email Address': `${title.toLowerCase().replace(/\W/g, '')}.${i}@example.com`,
  }));
  const saved = await client().post('/api/projects', { title, certificate_id: issuer.setId, recipients: people });
  expect(saved.statusCode).toBe(200);
  return saved.json().id as number;
}

async function finished(projectId: number) {
  for (let i = 0; i < 300; i++) {
    if ((await client().get(`/api/projects/${projectId}/progress`)).json().finished) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('delivery did not finish');
}

async function sentProject(title: string, count = 1) {
  const id = await project(title, count);
  expect((await client().post(`/api/projects/${id}/send-emails`, { sender_name: 'Registrar' })).json().queued).toBe(count);
  await finished(id);
  return id;
}

const audited = async (action: string) => laurel.context.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('resend attempts', () => {
  it('a super-admin raises a project’s group resends and the send path honours the new limit', async () => {
    const id = await sentProject('Raised limit');
    // Five group resends already made: the spec's limit.
    await laurel.context.db.update(projects).set({ resend_attempts: 5 }).where(eq(projects.id, id));
    const refused = await client().post(`/api/projects/${id}/send-emails`, { resend_never_logged_in: true });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errors[0]).toMatch(/already been resent 5 times/);

    const raised = await root.post('/api/projects/superadmin-update-resend-attempts', { project_id: id, resend_attempts: 6 });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ message: 'Resend attempts saved', project: { id, resend_attempts: 6, resends_used: 5 } });

    const listed = (await root.get(`/api/projects/superadmin?account_id=${issuer.accountId}`)).json();
    expect(listed.projects.find((p: { id: number }) => p.id === id)).toMatchObject({ resend_attempts: 6, resends_used: 5 });
    expect((await client().get(`/api/projects/${id}`)).json()).toMatchObject({ resend_attempts: 5, resend_limit: 6 });

    const resend = await client().post(`/api/projects/${id}/send-emails`, { resend_never_logged_in: true });
    expect(resend.json()).toMatchObject({ success: true, queued: 1 });
    await finished(id);
    const again = await client().post(`/api/projects/${id}/send-emails`, { resend_never_logged_in: true });
    expect(errorOf(again).errors[0]).toMatch(/already been resent 6 times/);

    expect((await audited('project.resend_attempts')).find((a) => a.details.project_id === id)).toMatchObject({
      account_id: issuer.accountId,
      details: { from: 5, to: 6 },
    });
  });

  it('counts a failed recipient as sendable again once the project’s limit is raised past its resends', async () => {
    const id = await sentProject('Sendable after raise', 2);
    const [first] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, id)).orderBy(recipients.id);
    // One recipient failed through the spec's five group resends: no longer sendable under the default limit.
    await laurel.context.db.update(recipients).set({ state: 'failed', resend_errored: 5 }).where(eq(recipients.id, first!.id));
    const sendable = async () => (await client().get(`/api/projects/${id}`)).json().sendable_recipients;
    expect(await sendable()).toBe(0);

    const raised = await root.post('/api/projects/superadmin-update-resend-attempts', { project_id: id, resend_attempts: 7 });
    expect(raised.statusCode).toBe(200);
    expect(await sendable()).toBe(1);
    // A later change to the recipient counts under the raised limit too (the trigger reads it).
    await laurel.context.db.update(recipients).set({ resend_errored: 6 }).where(eq(recipients.id, first!.id));
    expect(await sendable()).toBe(1);
    await laurel.context.db.update(recipients).set({ resend_errored: 7 }).where(eq(recipients.id, first!.id));
    expect(await sendable()).toBe(0);
    // Refreshing the history recounts by the same rule.
    await laurel.context.db.update(recipients).set({ resend_errored: 6 }).where(eq(recipients.id, first!.id));
    expect((await client().post(`/api/projects/${id}/refresh-history`)).statusCode).toBe(200);
    expect(await sendable()).toBe(1);
    const [counters] = await laurel.context.db.select().from(projectCounters).where(eq(projectCounters.project_id, id));
    expect(counters).toMatchObject({ failed: 1, sent: 1, sendable: 1 });
  });

  it('refuses a negative count, an unknown project and anyone but a super-admin', async () => {
    const negative = await root.post('/api/projects/superadmin-update-resend-attempts', { project_id: 1, resend_attempts: -1 });
    expect(negative.statusCode).toBe(400);
    expect(errorOf(negative).errors[0]).toBe('Resend attempts: cannot be negative.');
    const unknown = await root.post('/api/projects/superadmin-update-resend-attempts', { project_id: 999_999, resend_attempts: 3 });
    expect(unknown.statusCode).toBe(404);
    const id = await project('Not mine to raise');
    const member = await client().post('/api/projects/superadmin-update-resend-attempts', { project_id: id, resend_attempts: 9 });
    expect(member.statusCode).toBe(403);
    expect((await client().get('/api/projects/superadmin')).statusCode).toBe(403);
  });
});

describe('projects log', () => {
  it('lists a deleted project across accounts, recovers it, and deletes it for good with its recipients and files', async () => {
    const id = await sentProject('Deleted then recovered', 2);
    expect((await client().delete(`/api/projects/${id}`)).statusCode).toBe(200);
    expect((await client().get(`/api/projects/${id}`)).statusCode).toBe(404);

    const log = (await root.get('/api/projects/superadmin?state=deleted&like=then%20recovered')).json();
    expect(log.count).toBe(1);
    expect(log.projects[0]).toMatchObject({ id, status: 0, account_id: issuer.accountId, recipients_count: 2, sent_count: 2 });
    expect(log.projects[0].deleted_at).not.toBeNull();

    const recovered = await put(root, `/api/projects/${id}/recover`);
    expect(recovered.json()).toMatchObject({ success: true, message: 'Project recovered', project: { status: 1, deleted_at: null } });
    expect((await client().get(`/api/projects/${id}`)).statusCode).toBe(200);
    const live = await put(root, `/api/projects/${id}/recover`);
    expect(errorOf(live).errors[0]).toBe('Only a deleted project can be recovered or deleted for good.');
    const forever = await root.delete(`/api/projects/${id}?permanently=1`);
    expect(forever.statusCode).toBe(400);

    const tokens = await laurel.context.db.select({ token: recipients.token }).from(recipients).where(eq(recipients.project_id, id));
    // The download is drawn and kept on its first request.
    const download = await laurel.app.inject({ method: 'GET', url: `/api/c/${tokens[0]!.token}/pdf`, headers: { host: 'laurel.test' } });
    expect(download.statusCode).toBe(200);
    expect(await laurel.context.files.get(`cert-${tokens[0]!.token}.pdf`)).not.toBeNull();
    await client().delete(`/api/projects/${id}`);
    expect((await client().delete(`/api/projects/${id}?permanently=1`)).statusCode).toBe(403);
    const gone = await root.delete(`/api/projects/${id}?permanently=1`);
    expect(gone.json()).toEqual({ success: true, message: 'Project deleted for good' });
    expect(await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, id))).toHaveLength(0);
    expect(await laurel.context.files.get(`cert-${tokens[0]!.token}.pdf`)).toBeNull();
    expect((await root.get('/api/projects/superadmin?like=then%20recovered')).json().count).toBe(0);
    expect((await audited('project.recover')).some((a) => a.details.project_id === id)).toBe(true);
    expect((await audited('project.delete_forever')).find((a) => a.details.project_id === id)).toMatchObject({
      account_id: issuer.accountId,
      details: { recipients: 2 },
    });
  });

  it('frees the bytes of a file only the deleted project still held, and keeps one its set still has', async () => {
    const attach = async (name: string) => {
      const upload = await client().upload(`/api/certificates/${issuer.setId}/uploads`, [
        { name: 'file', value: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`), filename: `${name}.pdf` },
      ]);
      expect(upload.statusCode).toBe(200);
      return { id: upload.json().id as number, key: String(upload.json().url).split('/').pop()! };
    };
    const dropped = await attach('Dropped programme');
    const kept = await attach('Kept programme');
    const id = await sentProject('Held files');
    // The set lets go of one file: the sent project's snapshot keeps its bytes for retries and resends.
    expect((await client().delete(`/api/certificates/${issuer.setId}/uploads/${dropped.id}`)).statusCode).toBe(200);
    expect(await laurel.context.files.get(dropped.key)).not.toBeNull();

    await client().delete(`/api/projects/${id}`);
    expect((await root.delete(`/api/projects/${id}?permanently=1`)).statusCode).toBe(200);
    expect(await laurel.context.files.get(dropped.key)).toBeNull();
    expect(await laurel.context.files.get(kept.key)).not.toBeNull();
    expect((await client().delete(`/api/certificates/${issuer.setId}/uploads/${kept.id}`)).statusCode).toBe(200);
  });

  it('keeps a member’s permanent delete to super-admins and a recovered title unique', async () => {
    const first = await project('Twice titled');
    await client().delete(`/api/projects/${first}`);
    const member = await client().delete(`/api/projects/${first}?permanently=1`);
    expect(member.statusCode).toBe(403);
    await project('Twice titled');
    const clash = await put(root, `/api/projects/${first}/recover`);
    expect(clash.statusCode).toBe(400);
    expect(errorOf(clash).errors[0]).toBe('Project title must be unique.');
  });
});

describe('pay-as-you-go log', () => {
  it('lists the purchases of a range with what was paid, and their totals', async () => {
    const buyer = await registerConfirmedAdmin(laurel);
    const accountId = buyer.user.account!.id;
    const buy = (at: string, amount: number, kind: string, paid: number | null, reference: string) =>
      laurel.context.db.transaction((tx) =>
        grantCredits(tx as unknown as Db, {
          accountId,
          bucket: 'payg',
          amount,
          kind,
          reference,
          paid: paid === null ? null : { amount: paid, currency: 'usd' },
          at: new Date(at),
        }),
      );
    await buy('2021-03-01T10:00:00Z', 100, 'purchase', 4_900, 'test:payg:1');
    await buy('2021-03-15T23:59:00Z', 50, 'automatic_purchase', 2_900, 'test:payg:2');
    await buy('2021-04-01T00:00:00Z', 500, 'purchase', 19_900, 'test:payg:3');
    await buy('2021-03-10T00:00:00Z', 70, 'admin_adjust', null, 'test:payg:4');

    const march = await root.get('/api/get-payg-log?dateStart=2021-03-01&dateEnd=2021-03-31');
    expect(march.statusCode).toBe(200);
    expect(march.json()).toEqual({
      items: [
        expect.objectContaining({ account_id: accountId, credits: 50, amount_paid: 2_900, currency: 'usd', kind: 'automatic_purchase' }),
        expect.objectContaining({ account_id: accountId, credits: 100, amount_paid: 4_900, kind: 'purchase' }),
      ],
      total: { purchases: 2, credits: 150, amounts: [{ currency: 'usd', amount: 7_800 }] },
    });
    expect(march.json().items[0].account_name).toBe(buyer.user.account!.name);
    const april = (await root.get('/api/get-payg-log?dateStart=2021-04-01&dateEnd=2021-04-01')).json();
    expect(april.total).toMatchObject({ purchases: 1, credits: 500 });

    const backwards = await root.get('/api/get-payg-log?dateStart=2021-04-02&dateEnd=2021-04-01');
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).errors[0]).toBe('The start date must be on or before the end date.');
    expect((await client().get('/api/get-payg-log')).statusCode).toBe(403);
  });
});

describe('data mappings', () => {
  it('lists global mappings, and changes one with the spec’s rules', async () => {
    const created = await root.post('/api/mappings', {
      name: 'Course roster',
      global: true,
      rules: [{ title: 'Given name', mapped: 'FIRST_NAME' }],
    });
    const id = created.json().mapping.id as number;
    await root.post('/api/mappings', { name: 'Staff list', global: true, rules: [{ title: 'Email', mapped: 'Email Address' }] });

    const global = (await root.get('/api/mappings?where[global]=1')).json().mappings;
    expect(global.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['Course roster', 'Staff list']));
    expect(global.every((m: { global: boolean }) => m.global)).toBe(true);

    const rules = [
      { title: 'Given name', mapped: 'FIRST_NAME' },
      { title: 'Family name', mapped: 'LAST_NAME' },
      { title: 'Mail', mapped: 'Email Address' },
    ];
    const updated = await put(root, `/api/mappings/${id}`, { name: 'Course roster 2025', rules });
    expect(updated.json()).toMatchObject({ success: true, message: 'Saved mapping', mapping: { id, name: 'Course roster 2025', rules } });
    expect((await audited('mapping.update')).some((a) => a.details.mapping_id === id)).toBe(true);

    const taken = await put(root, `/api/mappings/${id}`, { name: 'staff LIST', rules });
    expect(taken.statusCode).toBe(400);
    expect(errorOf(taken).errors[0]).toBe('A mapping with this name already exists.');
    const empty = await put(root, `/api/mappings/${id}`, { name: 'Course roster', rules: [] });
    expect(errorOf(empty).errors[0]).toMatch(/A mapping needs at least one column\./);
    const member = await put(client(), `/api/mappings/${id}`, { name: 'Mine now', rules });
    expect(member.statusCode).toBe(403);
    expect((await put(root, '/api/mappings/999999', { name: 'Nothing', rules })).statusCode).toBe(404);

    // A member reads the global mappings beside their account's own.
    const theirs = (await client().get('/api/mappings')).json().mappings;
    expect(theirs.some((m: { id: number }) => m.id === id)).toBe(true);
  });
});

describe('sample uploads for mappings', () => {
  it('keeps a super-admin’s sample list, whose column titles import-list reads back by upload_id', async () => {
    const csv = Buffer.from('Given name,Family name,Mail\nGrace,Hopper,grace@example.com\n');
    const kept = await root.upload('/api/uploads', [{ name: 'file', value: csv, filename: 'roster.csv' }]);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ success: true, name: 'roster.csv', size: csv.length });
    const uploadId = kept.json().upload_id as string;

    const read = await root.upload('/api/recipients/import-list', [{ name: 'upload_id', value: uploadId }]);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      headers: ['Given name', 'Family name', 'Mail'],
      data: [['Grace', 'Hopper', 'grace@example.com']],
      message: 'Success! Parsed import file.',
    });

    // Only the uploader reads it; a made-up id is not found either.
    const other = await client().upload('/api/recipients/import-list', [{ name: 'upload_id', value: uploadId }]);
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).errors[0]).toBe('This upload is no longer available. Upload the file again.');
    const forged = await root.upload('/api/recipients/import-list', [{ name: 'upload_id', value: '../../etc/passwd' }]);
    expect(forged.statusCode).toBe(404);
  });

  it('refuses a file over 2 MB, a file that is not a list, and anyone but a super-admin', async () => {
    const big = await root.upload('/api/uploads', [{ name: 'file', value: Buffer.alloc(2 * 1024 * 1024 + 1, 97), filename: 'big.csv' }]);
    expect(big.statusCode).toBe(413);
    expect(errorOf(big).errors[0]).toBe('The file size may not be greater than 2 MB');
    const image = await root.upload('/api/uploads', [{ name: 'file', value: Buffer.from('GIF89a'), filename: 'logo.gif' }]);
    expect(image.statusCode).toBe(400);
    expect(errorOf(image).errors[0]).toBe('Choose a CSV or XLSX file: the column titles are read from its first row.');
    const member = await client().upload('/api/uploads', [{ name: 'file', value: Buffer.from('a,b\n'), filename: 'a.csv' }]);
    expect(member.statusCode).toBe(403);
  });
});

describe('template order', () => {
  it('puts the global templates in the order given; members may not', async () => {
    const made: number[] = [];
    for (const name of ['Order Alpha', 'Order Beta', 'Order Gamma']) made.push((await root.post('/api/styles', { name })).json().id);
    const [alpha, beta, gamma] = made as [number, number, number];
    const order = [gamma, alpha, beta].map((id, sorting) => ({ id, sorting }));
    const sorted = await put(root, '/api/styles/sort', { sort: order });
    expect(sorted.json()).toEqual({ success: true, message: 'Order saved' });
    const ids = (await client().get('/api/styles')).json().styles.map((s: { id: number }) => s.id);
    const mine = ids.filter((id: number) => made.includes(id));
    expect(mine).toEqual([gamma, alpha, beta]);
    expect((await put(client(), '/api/styles/sort', { sort: order })).statusCode).toBe(403);
    expect((await put(root, '/api/styles/sort', { sort: [{ id: 999_999, sorting: 0 }] })).statusCode).toBe(404);
    expect((await audited('styles.sort')).length).toBeGreaterThan(0);
  });
});

describe('store calls', () => {
  it('index-list names the account’s live projects with the fields and counts asked for', async () => {
    const id = await project('Indexed project', 3);
    const other = await project('Indexed and deleted');
    await client().delete(`/api/projects/${other}`);
    const plain = (await client().get('/api/projects/index-list?like=Indexed')).json().projects;
    expect(plain).toEqual([{ id, title: 'Indexed project' }]);
    const rich = (await client().get('/api/projects/index-list?like=Indexed&recipients_count=1&fields=key,certificate_name')).json();
    expect(rich.projects).toEqual([{ id, title: 'Indexed project', key: '', certificate_name: 'Admin ops', recipients_count: 3 }]);
    const stranger = await registerConfirmedAdmin(laurel);
    expect((await stranger.client.get('/api/projects/index-list?like=Indexed')).json().projects).toEqual([]);
  });

  it('refresh-history counts a project’s recipients again from the recipients', async () => {
    const id = await project('Recounted', 2);
    await laurel.context.db.update(projectCounters).set({ recipients: 9, draft: 0 }).where(eq(projectCounters.project_id, id));
    expect((await client().get(`/api/projects/${id}`)).json().recipients_count).toBe(9);
    const refreshed = await client().post(`/api/projects/${id}/refresh-history`);
    expect(refreshed.json()).toMatchObject({ id, recipients_count: 2, unsent_count: 2, sendable_recipients: 2 });
    const stranger = await registerConfirmedAdmin(laurel);
    expect((await stranger.client.post(`/api/projects/${id}/refresh-history`)).statusCode).toBe(404);
  });

  it('re-emails one recipient through the send path and its individual limit', async () => {
    const id = await sentProject('Emailed again');
    const [recipient] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, id));
    for (let round = 1; round <= 3; round++) {
      const again = await client().post(`/api/recipients/${recipient!.id}/email`);
      expect(again.json()).toMatchObject({ success: true, queued: 1, message: 'Email sent.' });
      await finished(id);
    }
    const [after] = await laurel.context.db
      .select()
      .from(recipients)
      .where(and(eq(recipients.project_id, id), eq(recipients.id, recipient!.id)));
    expect(after!.resend_individual).toBe(3);
    expect(sink.messages.filter((m) => JSON.stringify(m.to).includes(recipient!.email))).toHaveLength(4);
    const limited = await client().post(`/api/recipients/${recipient!.id}/email`);
    expect(limited.statusCode).toBe(400);
    expect(errorOf(limited).errors[0]).toMatch(/already been resent 3 times/);
    const stranger = await registerConfirmedAdmin(laurel);
    expect((await stranger.client.post(`/api/recipients/${recipient!.id}/email`)).statusCode).toBe(404);
  });
});
