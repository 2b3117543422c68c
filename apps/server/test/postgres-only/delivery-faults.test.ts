import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, recipients } from '../../src/db/schema.ts';
import { FETCH_LOOPS } from '../../src/jobs/queue.ts';
import { ledgerBalances } from '../../src/modules/credits/ledger.ts';
import { DELIVERY_BATCH } from '../../src/modules/delivery/deliver-job.ts';
import { issuerWithCertificate } from '../helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { SmtpSink } from '../helpers/smtp-sink.ts';

/**
 * Nothing lost, nothing paid twice: a 1,000-recipient send survives worker processes killed with
 * SIGKILL in the middle of it and an SMTP server that goes away and comes back.
 */
const RECIPIENTS = 1_000;
const WORKER_CONCURRENCY = 8;
const serverRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'laurel-faults-'));
const secret = randomBytes(32).toString('hex');
const sink = new SmtpSink();
let smtpUrl: string;
let laurel: TestLaurel;
let worker: ChildProcess | null = null;
let workerLog = '';

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'worker'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DATABASE_URL: laurel.context.env.DATABASE_URL,
      SMTP_URL: smtpUrl,
      DATA_DIR: dataDir,
      APP_SECRET: secret,
      PUBLIC_URL: 'http://laurel.test',
      BASE_DOMAIN: 'laurel.test',
      WORKERS: String(WORKER_CONCURRENCY),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (workerLog += d));
  child.stderr!.on('data', (d) => (workerLog += d));
  return child;
}

async function kill(child: ChildProcess | null) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function stateCounts(projectId: number) {
  const rows = await laurel.context.db.select({ state: recipients.state }).from(recipients).where(eq(recipients.project_id, projectId));
  const counts: Record<string, number> = {};
  for (const { state } of rows) counts[state] = (counts[state] ?? 0) + 1;
  return counts;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}\n${workerLog.slice(-2000)}`);
}

beforeAll(async () => {
  smtpUrl = await sink.start();
  // The API process runs no workers; it still watches for jobs whose worker stopped beating.
  laurel = await startTestLaurel({ smtpUrl, env: { WORKERS: '0', DATA_DIR: dataDir, APP_SECRET: secret } });
});

afterAll(async () => {
  await kill(worker);
  await laurel?.close();
  await sink.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('delivery under faults (PostgreSQL, worker processes)', () => {
  it('brings every recipient to a terminal state through SIGKILLs and an SMTP outage, with exact credits', {
    timeout: 400_000,
  }, async () => {
    worker = startWorker();
    const { admin, accountId, setId } = await issuerWithCertificate(laurel, { credits: RECIPIENTS + 20, name: 'Fault tolerance' });
    const rows = Array.from({ length: RECIPIENTS }, (_, i) => ({
      FIRST_NAME: 'Kim',
      LAST_NAME: `Nguyen ${i}`,
      'Email Address': `fault.${i}@example.com`,
    }));
    const project = (await admin.client.post('/api/projects', { title: 'Under fire', certificate_id: setId, recipients: rows })).json();
    const balance = async () => {
      const [account] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId));
      return account!;
    };
    const before = await balance();
    const send = (await admin.client.post(`/api/projects/${project.id}/send-emails`, { sender_name: 'Resilience Office' })).json();
    expect(send).toMatchObject({ queued: RECIPIENTS, redirect: `/store/history/${project.id}` });

    const sentSoFar = async () => (await stateCounts(project.id)).sent ?? 0;
    let kills = 0;
    for (const threshold of [150, 400, 650]) {
      await waitUntil(`${threshold} sent`, async () => (await sentSoFar()) >= threshold);
      if (threshold === 400) {
        // The relay goes away: messages in flight are cut off, new connections are refused.
        await sink.stop();
        await new Promise((r) => setTimeout(r, 1_500));
      }
      await kill(worker);
      kills++;
      if (threshold === 400) await sink.start(sink.port);
      worker = startWorker();
    }

    await waitUntil('every recipient in a terminal state', async () => {
      const counts = await stateCounts(project.id);
      return !counts.queued && !counts.sending && !counts.draft;
    });

    const counts = await stateCounts(project.id);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(RECIPIENTS);
    expect(counts.sent).toBe(RECIPIENTS);

    // Every recipient's message arrived; any duplicate is the same message (one Message-ID) re-sent
    // after a kill, so there are no more of them than deliveries in flight at the kills: a worker holds a
    // batch per fetch loop, and records those sent when its batch is done.
    const byRecipient = new Map<string, Set<string>>();
    let received = 0;
    for (const message of sink.messages) {
      const to = message.to && !Array.isArray(message.to) ? message.to.value[0]!.address! : '';
      if (!to.startsWith('fault.')) continue;
      received++;
      byRecipient.set(to, (byRecipient.get(to) ?? new Set()).add(message.messageId!));
    }
    expect(byRecipient.size).toBe(RECIPIENTS);
    for (const ids of byRecipient.values()) expect(ids.size).toBe(1);
    const stored = await laurel.context.db
      .select({ email: recipients.email, message_id: recipients.message_id })
      .from(recipients)
      .where(eq(recipients.project_id, project.id));
    for (const row of stored) expect(byRecipient.get(row.email)).toEqual(new Set([row.message_id]));
    expect(received - RECIPIENTS).toBeLessThanOrEqual(kills * FETCH_LOOPS * DELIVERY_BATCH);

    // Money is exact: each certificate paid once, and the ledger sums to the balance.
    const after = await balance();
    expect(before.credits + before.subscription_credits - (after.credits + after.subscription_credits)).toBe(RECIPIENTS);
    expect(await ledgerBalances(laurel.context.db, accountId)).toEqual({ payg: after.credits, subscription: after.subscription_credits });
  });
});
