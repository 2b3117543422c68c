import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, projects, recipients } from '../src/db/schema.ts';
import { ledgerBalances } from '../src/modules/credits/ledger.ts';
import { continueSendJob, SEND_CHUNK } from '../src/modules/delivery/send-plan.ts';
import { errorOf, type registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

/**
 * A send larger than one chunk: the request queues the first SEND_CHUNK recipients and the rest are queued
 * a transaction per chunk by a job. No worker runs here (WORKERS=0), so the test runs that job itself and
 * sees each step: what the request committed, what a chunk does with a recipient that moved on meanwhile.
 */
let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let accountId: number;
let setId: number;
const SIZE = 2 * SEND_CHUNK + 200;

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '0' } });
  ({ admin, accountId, setId } = await issuerWithCertificate(laurel, { credits: SIZE + 10, name: 'Chunks' }));
});
afterAll(async () => {
  await laurel?.close();
});

async function balance() {
  const [row] = await laurel.context.db
    .select({ credits: accounts.credits, subscription: accounts.subscription_credits })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row!.credits + row!.subscription;
}

async function statesOf(projectId: number) {
  const rows = await laurel.context.db
    .select({ state: recipients.state, count: sql<number>`count(*)::int` })
    .from(recipients)
    .where(eq(recipients.project_id, projectId))
    .groupBy(recipients.state);
  return Object.fromEntries(rows.map((r) => [r.state, r.count]));
}

describe('a send larger than one chunk', () => {
  it('queues the first chunk at once, refuses another send meanwhile, and queues the rest a chunk at a time', async () => {
    const rows = Array.from({ length: SIZE }, (_, i) => ({
      FIRST_NAME: `R${i}`,
      LAST_NAME: 'Chunk',
      'Email Address': `chunk.${i}@example.com`,
    }));
    const created = await admin.client.post('/api/projects', { title: 'Large', certificate_id: setId, recipients: rows });
    expect(created.statusCode).toBe(200);
    const projectId = created.json().id as number;
    const before = await balance();

    const send = await admin.client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Chunks' });
    expect(send.statusCode).toBe(200);
    expect(send.json()).toMatchObject({ success: true, queued: SIZE, redirect: `/store/history/${projectId}` });
    // Every certificate is paid for by the request; the first chunk is queued, the others wait their turn.
    expect(before - (await balance())).toBe(SIZE);
    expect(await statesOf(projectId)).toEqual({ queued: SEND_CHUNK, draft: SIZE - SEND_CHUNK });
    expect((await admin.client.get(`/api/projects/${projectId}/progress`)).json()).toMatchObject({ finished: false });

    const again = await admin.client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Chunks' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('The last send of this project is still being queued. Try again in a moment.');

    // Ten recipients of the last chunk move on before their turn (here: unsubscribed); they are left alone
    // and their credit comes back.
    const last = await laurel.context.db
      .select({ id: recipients.id })
      .from(recipients)
      .where(eq(recipients.project_id, projectId))
      .orderBy(sql`${recipients.id} desc`)
      .limit(10);
    await laurel.context.db
      .update(recipients)
      .set({ state: 'suppressed' })
      .where(
        inArray(
          recipients.id,
          last.map((r) => r.id),
        ),
      );

    await continueSendJob.handle({ projectId }, laurel.context, {} as never);
    expect(await statesOf(projectId)).toEqual({ queued: SIZE - 10, suppressed: 10 });
    expect(before - (await balance())).toBe(SIZE - 10);
    const [project] = await laurel.context.db.select({ pending: projects.pending_send }).from(projects).where(eq(projects.id, projectId));
    expect(project!.pending).toBeNull();
    expect(await ledgerBalances(laurel.context.db, accountId)).toEqual(
      await laurel.context.db
        .select({ payg: accounts.credits, subscription: accounts.subscription_credits })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .then((r) => r[0]),
    );

    // A delivery job per queued recipient, each enqueued once, and running the job again changes nothing.
    await continueSendJob.handle({ projectId }, laurel.context, {} as never);
    const jobs = await laurel.context.db.execute<{ count: number; distinct_keys: number }>(
      sql`select count(*)::int as count, count(distinct singleton_key)::int as distinct_keys from pgboss.job where name = 'certificate.deliver'`,
    );
    expect(jobs.rows[0]).toEqual({ count: SIZE - 10, distinct_keys: SIZE - 10 });
    expect(before - (await balance())).toBe(SIZE - 10);
  });
});
