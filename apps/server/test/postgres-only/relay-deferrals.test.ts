import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, recipients } from '../../src/db/schema.ts';
import { issuerWithCertificate } from '../helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { SmtpSink } from '../helpers/smtp-sink.ts';

/**
 * A relay that defers for a while (421 service not available, 451 local error, 454 temporary
 * authentication failure), then takes mail again: the recipients wait, are retried at the account's
 * send rate, and all end sent, each mailed once and paid once.
 */
const RATE = 4;
const COUNT = 12;
const sink = new SmtpSink();
let laurel: TestLaurel;
let issuer: Awaited<ReturnType<typeof issuerWithCertificate>>;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '2', SEND_RATE_PER_ACCOUNT: String(RATE) } });
  issuer = await issuerWithCertificate(laurel, { credits: COUNT, name: 'Deferred' });
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

describe('a relay that defers for a while', () => {
  it('retries every deferred recipient at the account’s rate and marks none failed', { timeout: 120_000 }, async () => {
    const people = Array.from({ length: COUNT }, (_, i) => ({
      FIRST_NAME: 'Ada',
      LAST_NAME: `Deferred ${i}`,
      'Email Address': `deferred.${i}@example.com`,
    }));
    const project = (
      await issuer.admin.client.post('/api/projects', { title: 'Deferred', certificate_id: issuer.setId, recipients: people })
    ).json();
    // The relay answers each of its temporary refusals in turn for four seconds.
    const codes = [421, 451, 454];
    let turn = 0;
    sink.rejectWith = codes[0]!;
    const rotate = setInterval(() => (sink.rejectWith = codes[++turn % codes.length]!), 400);
    const sent = await issuer.admin.client.post(`/api/projects/${project.id}/send-emails`, { sender_name: 'Registrar' });
    expect(sent.json()).toMatchObject({ queued: COUNT });
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    clearInterval(rotate);
    sink.rejectWith = null;

    const rows = () => laurel.context.db.select().from(recipients).where(eq(recipients.project_id, project.id));
    for (let i = 0; i < 600 && (await rows()).some((r) => r.state !== 'sent'); i++) await new Promise((r) => setTimeout(r, 100));
    const finished = await rows();
    expect(finished.map((r) => r.state)).toEqual(Array(COUNT).fill('sent'));
    // Each was refused first, then retried: none was ever marked failed or given its credit back.
    expect(finished.every((r) => r.sent_details.some((e) => e.event === 'deferred'))).toBe(true);
    expect(finished.some((r) => r.sent_details.some((e) => e.event === 'failed'))).toBe(false);
    const ledger = await laurel.context.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.account_id, issuer.accountId)));
    expect(ledger.filter((l) => l.kind === 'send').map((l) => l.delta)).toEqual([-COUNT]);
    expect(ledger.filter((l) => l.kind === 'refund')).toEqual([]);

    // Each recipient was mailed exactly once, with the Message-ID kept for them.
    const mailed = sink.messages.filter((m) => JSON.stringify(m.to).includes('deferred.'));
    expect(mailed).toHaveLength(COUNT);
    expect(new Set(mailed.map((m) => m.messageId))).toEqual(new Set(finished.map((r) => r.message_id)));

    // The retries came at the account's rate: a second's burst, then RATE a second.
    const arrivals = sink.arrivals.slice(-COUNT).sort((a, b) => a - b);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(((COUNT - RATE) / RATE) * 1000 * 0.9);
    for (const start of arrivals) expect(arrivals.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(2 * RATE);
  });
});
