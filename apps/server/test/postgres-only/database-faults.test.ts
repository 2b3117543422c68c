import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { accounts, recipients } from '../../src/db/schema.ts';
import { ledgerBalances } from '../../src/modules/credits/ledger.ts';
import { freePort } from '../helpers/free-port.ts';
import { issuerWithCertificate } from '../helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { SmtpSink } from '../helpers/smtp-sink.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.ts';

/**
 * PostgreSQL restarted in the middle of a send: the processes stay up, answer 503 while it is away,
 * reconnect on their own, and the send finishes with one message per recipient and exact credits.
 */
const RECIPIENTS = Number(process.env.LAUREL_FAULT_RECIPIENTS ?? 1_500);
const serverRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'laurel-dbfaults-'));
const secret = randomBytes(32).toString('hex');
const sink = new SmtpSink();
let cluster: ThrowawayPostgres;
let smtpUrl: string;
let laurel: TestLaurel;
let server: ChildProcess | null = null;
let serverPort = 0;
let serverLog = '';

/** The built server as production runs it: one process serving the API with workers of its own. */
function startServer(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DATABASE_URL: cluster.url,
      SMTP_URL: smtpUrl,
      DATA_DIR: dataDir,
      APP_SECRET: secret,
      PUBLIC_URL: 'http://laurel.test',
      BASE_DOMAIN: 'laurel.test',
      HOST: '127.0.0.1',
      PORT: String(serverPort),
      WORKERS: '8',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (serverLog += d));
  child.stderr!.on('data', (d) => (serverLog += d));
  return child;
}

/** A request to the server process on the app's host; a reply that takes over 15 s counts as a hang. */
function get(url: string, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: serverPort, path: url, headers: { host: 'laurel.test', ...(token ? { authentication: token } : {}) } },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer to ${url} within 15 s`)));
    req.on('error', reject);
    req.end();
  });
}

async function stateCounts(projectId: number) {
  const rows = await laurel.context.db.select({ state: recipients.state }).from(recipients).where(eq(recipients.project_id, projectId));
  const counts: Record<string, number> = {};
  for (const { state } of rows) counts[state] = (counts[state] ?? 0) + 1;
  return counts;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}\n${serverLog.slice(-3000)}`);
}

beforeAll(async () => {
  cluster = await startThrowawayPostgres();
  smtpUrl = await sink.start();
  serverPort = await freePort();
  // The test's own process sets things up through the API; it runs no workers.
  laurel = await startTestLaurel({ smtpUrl, env: { WORKERS: '0', DATABASE_URL: cluster.url, DATA_DIR: dataDir, APP_SECRET: secret } });
  server = startServer();
  await waitUntil('the server process to answer', async () => (await get('/api/health')).status === 200, 60_000);
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
  await laurel?.close().catch(() => {});
  await sink.stop();
  cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a send across a PostgreSQL restart', () => {
  it('answers 503 while the database is away, resumes within 60 s and sends each certificate once, paid once', {
    timeout: 300_000,
  }, async () => {
    const { admin, accountId, setId } = await issuerWithCertificate(laurel, { credits: RECIPIENTS + 20, name: 'Restart drill' });
    const rows = Array.from({ length: RECIPIENTS }, (_, i) => ({
      FIRST_NAME: 'Ines',
      LAST_NAME: `Okafor ${i}`,
      'Email Address': `restart.${i}@example.com`,
    }));
    const project = (
      await admin.client.post('/api/projects', { title: 'Through a restart', certificate_id: setId, recipients: rows })
    ).json();
    const balance = async () => {
      const [account] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId));
      return account!;
    };
    const before = await balance();
    const send = await admin.client.post(`/api/projects/${project.id}/send-emails`, { sender_name: 'Continuity Office' });
    expect(send.json()).toMatchObject({ queued: RECIPIENTS });
    expect((await get('/api/projects', admin.client.token!)).status).toBe(200);

    const sentSoFar = async () => (await stateCounts(project.id)).sent ?? 0;
    await waitUntil('a quarter sent', async () => (await sentSoFar()) >= RECIPIENTS / 4, 120_000);

    const whileDown: { status: number; body: string }[] = [];
    const readiness: number[] = [];
    let inProcess = 0;
    await cluster.restart(async () => {
      // Both processes answer a request that needs the database at once, with a 503 the client can retry.
      whileDown.push(await get('/api/projects', admin.client.token!));
      readiness.push((await get('/api/health/ready')).status, (await get('/api/health')).status);
      inProcess = (await admin.client.get('/api/projects')).statusCode;
      await new Promise((r) => setTimeout(r, 3_000));
      whileDown.push(await get('/api/projects', admin.client.token!));
    });
    const restartedAt = Date.now();
    const sentAtRestart = await sentSoFar();
    expect(whileDown.map((r) => r.status)).toEqual([503, 503]);
    expect(JSON.parse(whileDown[0]!.body)).toMatchObject({ error_type: 'unavailable' });
    expect(inProcess).toBe(503);
    // A load balancer's readiness check takes the process out while the database is away; liveness stays up.
    expect(readiness).toEqual([503, 200]);
    expect((await get('/api/health/ready')).status).toBe(200);

    // The send picks up again within a minute, and the process never went down.
    await waitUntil('sending to resume', async () => (await sentSoFar()) > sentAtRestart, 60_000);
    expect(Date.now() - restartedAt).toBeLessThan(60_000);
    await waitUntil(
      'every recipient in a terminal state',
      async () => {
        const counts = await stateCounts(project.id);
        return !counts.queued && !counts.sending && !counts.draft;
      },
      150_000,
    );
    expect(server!.exitCode).toBeNull();
    expect((await get('/api/projects', admin.client.token!)).status).toBe(200);

    const counts = await stateCounts(project.id);
    expect(counts).toEqual({ sent: RECIPIENTS });
    // One message per recipient: a message in flight at the restart may go twice, with the same Message-ID.
    const byRecipient = new Map<string, Set<string>>();
    for (const message of sink.messages) {
      const to = message.to && !Array.isArray(message.to) ? message.to.value[0]!.address! : '';
      if (to.startsWith('restart.')) byRecipient.set(to, (byRecipient.get(to) ?? new Set()).add(message.messageId!));
    }
    expect(byRecipient.size).toBe(RECIPIENTS);
    const stored = await laurel.context.db
      .select({ email: recipients.email, message_id: recipients.message_id })
      .from(recipients)
      .where(eq(recipients.project_id, project.id));
    for (const row of stored) expect(byRecipient.get(row.email)).toEqual(new Set([row.message_id]));

    const after = await balance();
    expect(before.credits + before.subscription_credits - (after.credits + after.subscription_credits)).toBe(RECIPIENTS);
    expect(await ledgerBalances(laurel.context.db, accountId)).toEqual({ payg: after.credits, subscription: after.subscription_credits });
  });

  it('migrates once when several processes start on a new database at the same moment', async () => {
    await laurel.context.db.execute(sql.raw('create database laurel_fresh_start'));
    const url = new URL(cluster.url);
    url.pathname = '/laurel_fresh_start';
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: dataDir })));
    try {
      await Promise.all(databases.map((database) => migrateDatabase(database)));
      const applied = await databases[0]!.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const journal = (await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } })).default;
      expect(applied.rows[0].n).toBe(journal.entries.length);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});
