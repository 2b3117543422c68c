/**
 * Send benchmark (issue 5): one account sends a project of 10,000 recipients through the whole
 * pipeline (queue, render, store, compose, SMTP, record) to a local SMTP sink, on PostgreSQL
 * (DATABASE_URL, or a throwaway cluster). Prints progress with memory, then one machine-readable line:
 * `recipients=N seconds=S per_s=N peak_rss_mb=N per_s_without_credentials=N credentials_ratio=R message_bytes=N
 * attach_seconds=S attach_per_s=N attach_message_bytes=N`: it sends three times, without and then with Open Badges
 * credentials (issue 23: with them at least 0.9 of the rate without), both with the email's default attachment setting,
 * then once more with credentials and the certificate attached as a PDF (`BENCH_ATTACH=0` leaves that send out, and
 * its figures off the line). `message_bytes` is the average size of a message as the SMTP sink received it.
 * The sends share one data folder, whose seeded files another process draws first (send-data-dir.ts): a fresh
 * install's one-off drawing is not part of any send's time or memory.
 *
 *   npm run bench:send                      # 10,000 recipients
 *   BENCH_RECIPIENTS=2000 npm run bench:send
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIELD_KEYS, migrateDesign, recipientFields } from '@laurel/certificate';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { parseEnv } from '../apps/server/src/config/env.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { accounts } from '../apps/server/src/db/schema.ts';
import { grantCredits } from '../apps/server/src/modules/credits/ledger.ts';
import { startLaurel } from '../apps/server/src/server.ts';
import { freePort } from '../apps/server/test/helpers/free-port.ts';
import { startThrowawayPostgres } from '../apps/server/test/helpers/throwaway-postgres.ts';

const COUNT = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8);
const ATTACH_ROUND = process.env.BENCH_ATTACH !== '0';
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

// The sink counts certificate mail without parsing it (parsing would cost the sender's CPU); the
// account's own mail (confirmation link) is parsed and kept.
let accepted = 0;
let acceptedBytes = 0;
let lastAcceptedAt = 0;
const accountMail: string[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const bench = session.envelope.rcptTo.every((r) => r.address.endsWith('@bench.example'));
    const chunks: Buffer[] = [];
    let bytes = 0;
    stream.on('data', (c: Buffer) => {
      if (bench) bytes += c.length;
      else chunks.push(c);
    });
    stream.on('end', async () => {
      if (bench) {
        accepted++;
        acceptedBytes += bytes;
        lastAcceptedAt = performance.now();
      } else {
        accountMail.push((await simpleParser(Buffer.concat(chunks))).text ?? '');
      }
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise<void>((resolve) => sink.listen(smtpPort, '127.0.0.1', () => resolve()));

const cluster = process.env.DATABASE_URL ? null : await startThrowawayPostgres();
const databaseUrl = process.env.DATABASE_URL ?? cluster!.url;
// One data folder for the run, its seeded files drawn by another process first (send-data-dir.ts says why).
const dataDir = mkdtempSync(path.join(tmpdir(), 'laurel-bench-send-'));
execFileSync(process.execPath, [...process.execArgv, path.join(import.meta.dirname, 'send-data-dir.ts'), databaseUrl, dataDir], {
  stdio: 'inherit',
});
/**
 * One send of COUNT recipients by a new account, with or without each certificate's Open Badges credential
 * (signed, and embedded in its PDF), with the email's default attachment setting or the PDF attached. Every send of
 * a run shares the cluster and the sink.
 */
async function sendOnce(round: number, signCredentials: boolean, attachPdf?: boolean) {
  const laurel = await startLaurel(
    parseEnv({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?tls=off`,
      PUBLIC_URL: 'http://laurel.bench',
      BASE_DOMAIN: 'laurel.bench',
      LOG_LEVEL: 'error',
      WORKERS: String(WORKERS),
      SEND_RATE_PER_ACCOUNT: '1000',
    }),
    { signCredentials },
  );
  await laurel.app.ready();

  let token = '';
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads a few fields of each reply; the API tests check the replies' shapes
  async function call<T = any>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const response = await laurel.app.inject({
      method,
      url,
      headers: {
        host: 'laurel.bench',
        ...(token ? { authentication: token } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  // An account as a new customer makes one: register, confirm from the mailed link, sign in.
  const email = `owner${round}@bench.test`;
  const password = 'bench-owner-password-42';
  await call('POST', '/api/registration/account', {
    email,
    first_name: 'Bea',
    last_name: 'Bench',
    opt_in: false,
    account_name: 'Bench Institute',
    url: `bench${round}`,
  });
  while (accountMail.length < round) await new Promise((r) => setTimeout(r, 50));
  const code = /\/user\/confirm\/([A-Za-z0-9_-]+)/.exec(accountMail[round - 1]!)![1];
  await call('POST', '/api/users/confirm/password', { code, password, password_confirmation: password, accept_terms: true });
  const { csrf_token } = await call('GET', '/api/auth/csrf');
  const login = await call('POST', '/api/auth', { email, password, csrf_token });
  token = login.token;
  const accountId: number = login.user.account.id;
  await laurel.context.db.transaction((tx) =>
    grantCredits(tx as unknown as Db, { accountId, bucket: 'payg', amount: COUNT, kind: 'purchase', at: new Date() }),
  );
  // The plan customers with QR-coded certificates are on.
  await laurel.context.db
    .update(accounts)
    .set({ allowed_sets: 10, stripe_active: true, stripe_plan: 'professional-monthly-3' })
    .where(eq(accounts.id, accountId));

  // A seeded template with a background image and a QR code, as customers use them.
  const { styles } = await call('GET', '/api/styles');
  const style = styles.find((s: { elements: { type: string }[] }) => s.elements.some((e) => e.type === 'qrcode')) ?? styles[0];
  const set = await call('POST', '/api/certificates', {
    name: 'Bench certificate',
    style_id: style.id,
    ...(attachPdf === undefined ? {} : { attach_pdf: attachPdf }),
  });
  const fields = recipientFields(migrateDesign(set));
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const row: Record<string, string> = {
      [FIELD_KEYS.first]: 'Émilie',
      [FIELD_KEYS.last]: `Durand ${i}`,
      [FIELD_KEYS.email]: `r${i}@bench.example`,
    };
    for (const field of fields) if (field.kind === 'data') row[field.key] = `Value ${i}`;
    if (fields.some((f) => f.kind === 'expiration_date')) row[FIELD_KEYS.expiration] = '12/31/2030';
    return row;
  });
  const project = await call('POST', '/api/projects', { title: 'Bench send', certificate_id: set.id, recipients: rows });
  console.log(
    `${signCredentials ? 'with' : 'without'} Open Badges credentials, ${attachPdf ? 'PDF attached' : 'default attachments'}: ` +
      `template="${style.name}" recipients=${COUNT} workers=${WORKERS} ` +
      `database=${cluster ? 'throwaway PostgreSQL' : 'DATABASE_URL'}`,
  );
  accepted = 0;
  acceptedBytes = 0;
  peakRss = 0;

  const rssAtStart = process.memoryUsage().rss;
  const started = performance.now();
  const send = await call('POST', `/api/projects/${project.id}/send-emails`, { sender_name: 'Bench Institute' });
  console.log(`queued ${send.queued} in ${(performance.now() - started).toFixed(0)} ms`);

  let nextReport = COUNT / 4;
  while (true) {
    const progress = await call('GET', `/api/projects/${project.id}/progress`);
    if (accepted >= nextReport || progress.finished) {
      const seconds = (performance.now() - started) / 1000;
      const memory = process.memoryUsage();
      console.log(
        `accepted=${accepted} recorded_sent=${progress.sent} failed=${progress.failed} t=${seconds.toFixed(1)}s ` +
          `rss=${mb(memory.rss)}MB heap=${mb(memory.heapUsed)}MB external=${mb(memory.external)}MB`,
      );
      nextReport += COUNT / 4;
    }
    if (progress.finished) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const recordedSeconds = (performance.now() - started) / 1000;
  const lastAcceptedSeconds = (lastAcceptedAt - started) / 1000;
  await laurel.close();

  console.log(
    `last message accepted at ${lastAcceptedSeconds.toFixed(1)} s; every recipient recorded at ${recordedSeconds.toFixed(1)} s; rss ${mb(rssAtStart)} MB at start of the send; ` +
      `${Math.round(acceptedBytes / accepted)} bytes a message`,
  );
  return {
    recipients: accepted,
    seconds: lastAcceptedSeconds,
    perS: accepted / lastAcceptedSeconds,
    peakRssMb: mb(peakRss),
    messageBytes: Math.round(acceptedBytes / accepted),
  };
}

// Without credentials first: the second send meets a database holding the first one's rows, so the
// ratio errs against the credentials, never for them.
const without = await sendOnce(1, false);
const withCredentials = await sendOnce(2, true);
const attached = ATTACH_ROUND ? await sendOnce(3, true, true) : null;
clearInterval(sampler);
await new Promise<void>((resolve) => sink.close(() => resolve()));
cluster?.stop();
rmSync(dataDir, { recursive: true, force: true });
console.log(`per second without credentials ${without.perS.toFixed(1)}, with ${withCredentials.perS.toFixed(1)}`);
console.log(
  `recipients=${withCredentials.recipients} seconds=${withCredentials.seconds.toFixed(1)} per_s=${Math.round(withCredentials.perS)} ` +
    `peak_rss_mb=${withCredentials.peakRssMb} per_s_without_credentials=${Math.round(without.perS)} ` +
    `credentials_ratio=${(withCredentials.perS / without.perS).toFixed(2)} message_bytes=${withCredentials.messageBytes}` +
    (attached
      ? ` attach_seconds=${attached.seconds.toFixed(1)} attach_per_s=${Math.round(attached.perS)} attach_message_bytes=${attached.messageBytes}`
      : ''),
);
