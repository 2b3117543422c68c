import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { recipients } from '../../src/db/schema.ts';
import { FETCH_LOOPS } from '../../src/jobs/queue.ts';
import { grantCredits } from '../../src/modules/credits/ledger.ts';
import { DELIVERY_BATCH } from '../../src/modules/delivery/deliver-job.ts';
import { V1_RATE_LIMIT } from '../../src/modules/public-api/rate-limit.ts';
import { GOOD_PASSWORD, registerConfirmedAdmin } from '../helpers/api.ts';
import { buildServer, type LaurelProcess, request, startApiProcess, startWorkerProcess } from '../helpers/cluster.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { SmtpSink } from '../helpers/smtp-sink.ts';
import { makeKey } from '../helpers/v1.ts';

/**
 * Production's shape: two API processes (WORKERS=0) on two addresses and two worker processes, from the
 * server build, on one PostgreSQL. Whatever one process counted or stored, the others see: a send made
 * through one API is followed through the other, survives a worker killed halfway, and every certificate
 * opens from either API; a session and a rate limit hold on both.
 */
const RECIPIENTS = 2_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'laurel-scale-'));
const sink = new SmtpSink();
let laurel: TestLaurel;
const processes: LaurelProcess[] = [];
let api1: LaurelProcess;
let api2: LaurelProcess;
let workers: LaurelProcess[];

beforeAll(async () => {
  buildServer();
  const smtpUrl = await sink.start();
  const secret = randomBytes(32).toString('hex');
  // In-process, without workers: runs the migrations once and reads the database for the checks.
  laurel = await startTestLaurel({ env: { WORKERS: '0', DATA_DIR: dataDir, APP_SECRET: secret } });
  const env = {
    DATABASE_URL: laurel.context.env.DATABASE_URL!,
    SMTP_URL: smtpUrl,
    DATA_DIR: dataDir,
    APP_SECRET: secret,
    PUBLIC_URL: 'http://laurel.test',
    BASE_DOMAIN: 'laurel.test',
    LOG_LEVEL: 'error',
    // The per-account rate is not what this test measures (test/send-rate.test.ts does).
    SEND_RATE_PER_ACCOUNT: '1000',
  };
  // The first API process seeds the database; the others then start side by side.
  api1 = await startApiProcess({ env, host: '127.0.0.2' });
  processes.push(api1);
  const others = [
    startApiProcess({ env, host: '127.0.0.3' }),
    startWorkerProcess({ env, workers: 4 }),
    startWorkerProcess({ env, workers: 4 }),
  ];
  for (const started of others) void started.then((p) => processes.push(p)).catch(() => {});
  const [second, ...workerProcesses] = await Promise.all(others);
  api2 = second!;
  workers = workerProcesses;
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill()));
  await laurel?.close();
  await sink.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const logs = () => processes.map((p) => p.log().slice(-1500)).join('\n---\n');

describe('two API processes and two worker processes on one PostgreSQL', () => {
  it('runs the worker processes at a lower priority than the API processes, which answer visitors', () => {
    for (const worker of workers) expect(worker.nice()).toBe(Math.min(19, api1.nice() + 10));
    expect(api2.nice()).toBe(api1.nice());
  });

  it('agree on sessions, rate limits, a send and its certificates, through a worker killed halfway', { timeout: 300_000 }, async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    await laurel.context.db.transaction((tx) =>
      grantCredits(tx as unknown as Db, { accountId, bucket: 'payg', amount: RECIPIENTS, kind: 'purchase', at: new Date() }),
    );

    // A session made on API 1 works on API 2.
    const csrf = (await request(api1.url, 'GET', '/api/auth/csrf')).json<{ csrf_token: string }>().csrf_token;
    const login = await request(api1.url, 'POST', '/api/auth', { body: { email: admin.email, password: GOOD_PASSWORD, csrf_token: csrf } });
    expect(login.status, login.body).toBe(200);
    const auth = { authentication: login.json<{ token: string }>().token };
    const current = await request(api2.url, 'GET', '/api/auth/current', { headers: auth });
    expect(current.status, current.body).toBe(200);
    expect(current.json<{ email: string }>().email).toBe(admin.email);

    // A per-address limit counted on API 1 holds on API 2 (10 a minute on certificate verification).
    for (let i = 0; i < 10; i++) expect((await request(api1.url, 'POST', '/api/verify', { body: {} })).status).not.toBe(429);
    expect((await request(api2.url, 'POST', '/api/verify', { body: {} })).status).toBe(429);

    // So does the public API's per-key limit.
    const key = { authorization: `Bearer ${await makeKey(admin.client)}` };
    for (let i = 0; i < V1_RATE_LIMIT; i++) expect((await request(api1.url, 'GET', '/v1/credits', { headers: key })).status).toBe(200);
    const limited = await request(api2.url, 'GET', '/v1/credits', { headers: key });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // A send through API 1...
    const set = await request(api1.url, 'POST', '/api/certificates', {
      headers: auth,
      body: {
        name: 'Scale out',
        elements: [
          {
            type: 'name',
            content: '[FIRST NAME] [LAST NAME]',
            styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '28px' },
          },
        ],
      },
    });
    expect(set.status, set.body).toBe(200);
    const rows = Array.from({ length: RECIPIENTS }, (_, i) => ({
      FIRST_NAME: 'Noor',
      LAST_NAME: `Haddad ${i}`,
      'Email Address': `scale.${i}@example.com`,
    }));
    const project = await request(api1.url, 'POST', '/api/projects', {
      headers: auth,
      body: { title: 'Across processes', certificate_id: set.json<{ id: number }>().id, recipients: rows },
    });
    expect(project.status, project.body).toBe(200);
    const projectId = project.json<{ id: number }>().id;
    const send = await request(api1.url, 'POST', `/api/projects/${projectId}/send-emails`, {
      headers: auth,
      body: { sender_name: 'Scale Office' },
    });
    expect(send.json()).toMatchObject({ queued: RECIPIENTS });

    // ...followed through API 2, with one worker killed halfway.
    const started = Date.now();
    let killed = false;
    while (true) {
      const reply = await request(api2.url, 'GET', `/api/projects/${projectId}/progress`, { headers: auth });
      expect(reply.status, reply.body).toBe(200);
      const progress = reply.json<{ sent: number; failed: number; finished: boolean }>();
      if (!killed && progress.sent >= RECIPIENTS / 2) {
        await workers[0]!.kill();
        killed = true;
      }
      if (progress.finished) {
        expect(progress).toMatchObject({ sent: RECIPIENTS, failed: 0 });
        break;
      }
      if (Date.now() - started > 200_000) throw new Error(`the send did not finish: ${JSON.stringify(progress)}\n${logs()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(killed).toBe(true);

    // Every recipient got one message; a duplicate is only a message in flight at the kill, with the same Message-ID.
    const byRecipient = new Map<string, Set<string>>();
    let received = 0;
    for (const message of sink.messages) {
      const to = message.to && !Array.isArray(message.to) ? message.to.value[0]!.address! : '';
      if (!to.startsWith('scale.')) continue;
      received++;
      byRecipient.set(to, (byRecipient.get(to) ?? new Set()).add(message.messageId!));
    }
    expect(byRecipient.size).toBe(RECIPIENTS);
    const stored = await laurel.context.db
      .select({ email: recipients.email, message_id: recipients.message_id, token: recipients.token })
      .from(recipients)
      .where(eq(recipients.project_id, projectId));
    for (const row of stored) expect(byRecipient.get(row.email)).toEqual(new Set([row.message_id]));
    expect(received - RECIPIENTS).toBeLessThanOrEqual(FETCH_LOOPS * DELIVERY_BATCH);

    // Every certificate link opens, half from each API; a sample of PDFs from both.
    const apis = [api1, api2];
    for (let i = 0; i < stored.length; i += 20) {
      const statuses = await Promise.all(
        stored.slice(i, i + 20).map(async (row, j) => (await request(apis[j % 2]!.url, 'GET', `/api/c/${row.token}`)).status),
      );
      expect(statuses).toEqual(statuses.map(() => 200));
    }
    for (const row of stored.slice(0, 2)) {
      for (const api of apis) {
        const pdf = await request(api.url, 'GET', `/api/c/${row.token}/pdf`);
        expect(pdf.status).toBe(200);
        expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
      }
    }
  });
});
