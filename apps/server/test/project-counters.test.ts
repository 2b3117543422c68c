import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCounters, recipients } from '../src/db/schema.ts';
import type { registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';

/**
 * The counters the database keeps per project (migration 0013's triggers) against a count of the
 * recipients themselves, after every kind of change the product makes, and a few it does not.
 */
const sink = new SmtpSink();
let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let setId: number;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '2' } });
  ({ admin, setId } = await issuerWithCertificate(laurel, { credits: 100, name: 'Counting' }));
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

async function recount(projectId: number) {
  const [row] = await laurel.context.db
    .select({
      recipients: sql<number>`count(*)::int`,
      draft: sql<number>`count(*) filter (where state = 'draft')::int`,
      pending: sql<number>`count(*) filter (where state in ('queued', 'sending'))::int`,
      sent: sql<number>`count(*) filter (where state = 'sent')::int`,
      bounced: sql<number>`count(*) filter (where state = 'bounced')::int`,
      failed: sql<number>`count(*) filter (where state = 'failed')::int`,
      suppressed: sql<number>`count(*) filter (where state = 'suppressed')::int`,
      unvisited: sql<number>`count(*) filter (where state = 'sent' and accessed_at is null)::int`,
      opened: sql<number>`count(*) filter (where accessed_at is not null)::int`,
      sendable: sql<number>`count(*) filter (where state = 'draft' or (state = 'failed' and resend_errored < 5))::int`,
    })
    .from(recipients)
    .where(eq(recipients.project_id, projectId));
  return { project_id: projectId, ...row! };
}

async function kept(projectId: number) {
  const [row] = await laurel.context.db.select().from(projectCounters).where(eq(projectCounters.project_id, projectId));
  return row;
}

async function createProject(title: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    FIRST_NAME: `Ada${i}`,
    LAST_NAME: 'Count',
    'Email Address': `${title.toLowerCase()}.${i}@example.com`,
  }));
  const response = await admin.client.post('/api/projects', { title, certificate_id: setId, recipients: rows });
  expect(response.statusCode).toBe(200);
  return response.json().id as number;
}

async function untilDelivered(projectId: number) {
  await expect
    .poll(async () => (await admin.client.get(`/api/projects/${projectId}/progress`)).json().finished, { timeout: 60_000 })
    .toBe(true);
}

describe('project counters', () => {
  it('start at the project’s recipients and follow every change of state', async () => {
    const projectId = await createProject('Ledger', 6);
    expect(await kept(projectId)).toEqual(await recount(projectId));
    expect(await kept(projectId)).toMatchObject({ recipients: 6, draft: 6, sendable: 6 });

    // Two permanent refusals, then the rest delivered.
    sink.rejectWith = 550;
    const first = await admin.client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Counting' });
    expect(first.statusCode).toBe(200);
    await untilDelivered(projectId);
    sink.rejectWith = null;
    expect(await kept(projectId)).toEqual(await recount(projectId));
    expect(await kept(projectId)).toMatchObject({ recipients: 6, draft: 0, pending: 0, bounced: 6 });

    // Opening a certificate page counts as opened, and no longer unvisited once sent.
    await laurel.context.db.update(recipients).set({ state: 'sent', accessed_at: new Date() }).where(eq(recipients.project_id, projectId));
    expect(await kept(projectId)).toEqual(await recount(projectId));
    expect(await kept(projectId)).toMatchObject({ sent: 6, bounced: 0, unvisited: 0, opened: 6 });

    // Recipients added later, and recipients removed, count too.
    const added = await admin.client.post(`/api/projects/${projectId}/add-recipients`, {
      recipients: [{ FIRST_NAME: 'Late', LAST_NAME: 'Comer', 'Email Address': 'late.comer@example.com' }],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().project).toMatchObject({ recipients_count: 7, unsent_count: 1, sendable_recipients: 1 });
    await laurel.context.db.delete(recipients).where(sql`${recipients.project_id} = ${projectId} and ${recipients.state} = 'draft'`);
    expect(await kept(projectId)).toEqual(await recount(projectId));
  });

  it('follow one statement that changes the recipients of several projects at once', async () => {
    const a = await createProject('Alpha', 3);
    const b = await createProject('Beta', 4);
    await laurel.context.db
      .update(recipients)
      .set({ state: 'failed', resend_errored: sql`case when ${recipients.project_id} = ${a} then 5 else 0 end` })
      .where(sql`${recipients.project_id} in (${a}, ${b})`);
    expect(await kept(a)).toEqual(await recount(a));
    expect(await kept(b)).toEqual(await recount(b));
    expect(await kept(a)).toMatchObject({ failed: 3, sendable: 0 });
    expect(await kept(b)).toMatchObject({ failed: 4, sendable: 4 });
  });

  it('are read by the project list and the send progress', async () => {
    const projectId = await createProject('Reader', 2);
    const send = await admin.client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Counting' });
    expect(send.statusCode).toBe(200);
    await untilDelivered(projectId);
    const progress = (await admin.client.get(`/api/projects/${projectId}/progress`)).json();
    expect(progress).toMatchObject({ total: 2, sent: 2, pending: 0, draft: 0, finished: true });
    const list = (await admin.client.get('/api/projects?limit=50')).json();
    expect(list.projects.find((p: { id: number }) => p.id === projectId)).toMatchObject({ recipients_count: 2, sent_count: 2 });
  });

  it('go with their project when it is deleted for good', async () => {
    const projectId = await createProject('Gone', 2);
    await laurel.context.db.execute(sql`delete from projects where id = ${projectId}`);
    expect(await kept(projectId)).toBeUndefined();
  });
});
