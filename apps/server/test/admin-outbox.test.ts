import type { OutboxMessage, OutboxPage } from '@laurel/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxPageQuery } from '../src/modules/admin/outbox.ts';
import { ApiClient, errorOf } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

/**
 * The outbox lists what it says it lists (docs/product/super-admin.md#outbox): on the embedded default the
 * certificate emails of a send are kept there with their recipient, account, project and status, beside the
 * account mail; with a mail server they leave without a copy, and the listing says so.
 */

const SUPER = ['root@laurel.test', 'correct horse battery staple'] as const;

async function superAdmin(laurel: TestLaurel): Promise<ApiClient> {
  const client = new ApiClient(laurel);
  expect((await client.login(...SUPER)).statusCode).toBe(200);
  return client;
}

describe('the outbox on the embedded default (no mail server)', () => {
  let laurel: TestLaurel;
  let root: ApiClient;
  let store: Awaited<ReturnType<typeof storeAccount>>;
  let projectId: number;
  const stamp = Date.now().toString(36);
  const zoe = `zoe.${stamp}@example.com`;
  const jose = `jose.${stamp}@example.com`;

  beforeAll(async () => {
    laurel = await startTestLaurel();
    root = await superAdmin(laurel);
    store = await storeAccount(laurel, { name: 'Harbour School' });
    projectId = await saveProject(store.admin.client, store.setId, 'Autumn crew', [
      { first: 'Zoë', last: 'Okafor', email: zoe },
      { first: 'José', last: 'Núñez', email: jose },
      { first: 'Åsa', last: 'Lindqvist', email: `asa.${stamp}@example.com` },
    ]);
    await sendAndSettle(store.admin.client, projectId);
  });
  afterAll(async () => {
    await laurel?.close();
  });

  it('lists a sent certificate email with its recipient, account, project and status, and shows the message', async () => {
    const reply = await root.get(`/api/admin/outbox?view=certificate&search=${encodeURIComponent(zoe)}`);
    expect(reply.statusCode).toBe(200);
    const page = reply.json<OutboxPage>();
    expect(page.certificate_mail).toBe('kept');
    expect(page.count).toBe(1);
    expect(page.messages[0]).toMatchObject({
      to: `"Zoë Okafor" <${zoe}>`,
      kind: 'certificate',
      status: 'kept',
      account: { id: store.accountId, name: 'Harbour School' },
      project: { id: projectId, title: 'Autumn crew' },
    });

    const message = (await root.get(`/api/admin/outbox/${page.messages[0]!.id}`)).json<OutboxMessage>();
    expect(message).toMatchObject({ kind: 'certificate', project: { title: 'Autumn crew' }, account: { name: 'Harbour School' } });
    expect(message.text).toMatch(/http:\/\/laurel\.test\/c\/[A-Za-z0-9_-]{32}/);
    expect(message.html).toContain('/c/');
    expect(message.headers['Message-ID']).toMatch(/^<certificate\./);
  });

  it('keeps certificate emails and account mail in views of their own, each counted', async () => {
    const certificates = (await root.get('/api/admin/outbox?view=certificate&limit=100')).json<OutboxPage>();
    expect(certificates.messages.map((m) => m.kind)).toEqual(certificates.messages.map(() => 'certificate'));
    expect(certificates.messages.map((m) => m.to)).toEqual(expect.arrayContaining([`"José Núñez" <${jose}>`]));

    const account = (await root.get('/api/admin/outbox?view=account&limit=100')).json<OutboxPage>();
    expect(account.messages.some((m) => m.kind === 'certificate')).toBe(false);
    // The registration's confirmation is account mail, of no project.
    expect(account.messages.find((m) => m.to === store.admin.email)).toMatchObject({ kind: 'confirm', project: null });

    const all = (await root.get('/api/admin/outbox')).json<OutboxPage>();
    expect(all.count).toBe(certificates.count + account.count);
    expect(all.messages).toHaveLength(Math.min(10, all.count));
  });

  it('pages newest first without repeating a message', async () => {
    const first = (await root.get('/api/admin/outbox?limit=2&offset=0')).json<OutboxPage>();
    const second = (await root.get('/api/admin/outbox?limit=2&offset=2')).json<OutboxPage>();
    const ids = [...first.messages, ...second.messages].map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(4);
  });

  it('refuses a view it does not have, and changes nothing', async () => {
    const reply = await root.get('/api/admin/outbox?view=certificates');
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).errors[0]).toBe('View: choose all, certificate or account.');
  });

  it('reads a page of a 10,000-recipient send along its index, never the whole table', async () => {
    await laurel.context.db.execute(sql`
      insert into mail_messages (account_id, project_id, kind, to_address, from_address, subject, text, message_id, status)
      select ${store.accountId}, ${projectId}, 'certificate', 'bulk' || n || '@example.com', 'laurel@laurel.test',
        'Your certificate', 'text', '<bulk.' || n || '@laurel.test>', 'kept'
      from generate_series(1, 10000) as n`);
    await laurel.context.db.execute(sql`analyze mail_messages`);
    for (const view of ['certificate', 'account', 'all'] as const) {
      const { sql: text, params } = outboxPageQuery(laurel.context, { view, limit: 25, offset: 0 }).toSQL();
      // The driver underneath Drizzle (pg, or PGlite's) takes a statement with its parameters as they are.
      const client = (
        laurel.context.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> } }
      ).$client;
      const plan = await client.query(`explain ${text}`, params);
      const lines = plan.rows.map((row: Record<string, string>) => Object.values(row)[0]).join('\n');
      expect(lines, view).toMatch(/Index Scan Backward using mail_messages_(certificate_idx|account_mail_idx|pkey)/);
      expect(lines, view).not.toMatch(/Seq Scan on mail_messages|Sort\b/);
    }
  });
});

describe('the outbox with a mail server', () => {
  const sink = new SmtpSink();
  let laurel: TestLaurel;

  beforeAll(async () => {
    laurel = await startTestLaurel({ smtpUrl: await sink.start() });
  });
  afterAll(async () => {
    await laurel?.close();
    await sink.stop();
  });

  it('says that certificate emails leave without a copy, and lists the account mail it sent', async () => {
    const store = await storeAccount(laurel);
    const recipient = `sent.${Date.now().toString(36)}@example.com`;
    const projectId = await saveProject(store.admin.client, store.setId, 'Sent by SMTP', [
      { first: 'Åsa', last: 'Lind', email: recipient },
    ]);
    await sendAndSettle(store.admin.client, projectId);
    expect(sink.messages.some((m) => JSON.stringify(m.to).includes(recipient))).toBe(true);

    const page = (await (await superAdmin(laurel)).get('/api/admin/outbox?limit=100')).json<OutboxPage>();
    expect(page.certificate_mail).toBe('sent');
    expect(page.messages.some((m) => m.to.includes(recipient))).toBe(false);
    expect(page.messages.find((m) => m.to === store.admin.email)).toMatchObject({ kind: 'confirm', status: 'sent' });
  });
});
