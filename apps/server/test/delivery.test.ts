import { execFileSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, recipients, suppressions } from '../src/db/schema.ts';
import { ledgerBalances } from '../src/modules/credits/ledger.ts';
import { errorOf, type registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate, NAME_ELEMENT } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';

const sink = new SmtpSink();
let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let setId: number;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '4' } });
  ({ admin, setId } = await issuerWithCertificate(laurel, {
    credits: 250,
    name: 'Statistics',
    elements: [
      NAME_ELEMENT,
      { type: 'dynamicText', content: 'for completing [COURSE]', styles: { left: '120px', top: '260px', width: '400px', height: '30px' } },
    ],
  }));
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

const NAMES = ['Zoë Okafor', 'José Ñúñez', 'Åsa Lindqvist', 'Chloé Dubois', 'Søren Kierkegaard'];

async function saveProject(title: string, count: number) {
  const lines = [
    'Prénom;Nom;E-mail;Cours',
    ...Array.from({ length: count }, (_, i) => {
      const [first, last] = NAMES[i % NAMES.length]!.split(' ');
      return `${first};${last}${i};${title.replace(/\W/g, '').toLowerCase()}.${i}@example.com;Statistique`;
    }),
  ];
  // Through the wizard's import call, as a browser uploads the file.
  const imported = await admin.client.upload('/api/recipients/import-list', [
    { name: 'file', value: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\n'))]), filename: 'promotion.csv' },
  ]);
  expect(imported.statusCode).toBe(200);
  const table = imported.json<{ headers: string[]; data: string[][] }>();
  expect(table.headers).toEqual(['Prénom', 'Nom', 'E-mail', 'Cours']);
  const rows = table.data.map((r) => ({ FIRST_NAME: r[0]!, LAST_NAME: r[1]!, 'Email Address': r[2]!, COURSE: r[3]! }));
  const response = await admin.client.post('/api/projects', { title, certificate_id: setId, recipients: rows });
  expect(response.statusCode).toBe(200);
  return response.json().id as number;
}

async function waitForTerminal(projectId: number, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const counters = (await admin.client.get(`/api/projects/${projectId}`)).json();
    if (counters.sent_pending === 0 && counters.unsent_count === 0) return counters;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('delivery did not finish');
}

describe('sending a project', () => {
  it('delivers 200 imported recipients; each link serves that recipient’s PDF with their name', async () => {
    const projectId = await saveProject('Autumn 2027', 200);
    const send = await admin.client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Statistics Faculty' });
    expect(send.json()).toMatchObject({ success: true, queued: 200, message: 'Emails sent' });
    const counters = await waitForTerminal(projectId);
    expect(counters).toMatchObject({ recipients_count: 200, sent_count: 200, undeliverable: 0, unvisited_recipients: 200 });

    const messages = sink.messages.filter((m) => /autumn2027\.\d+@example\.com/.test(JSON.stringify(m.to)));
    expect(new Set(messages.map((m) => m.messageId)).size).toBe(200);
    // Random per recipient, never a row id that a fresh database would hand out again.
    for (const message of messages) expect(message.messageId).toMatch(/^<certificate\.[A-Za-z0-9_-]{32}\.1@/);
    for (const message of messages) {
      const to = JSON.stringify(message.to);
      const link = /http:\/\/laurel\.test\/c\/([A-Za-z0-9_-]{32})/.exec(message.text ?? '')!;
      const page = (await laurel.app.inject({ method: 'GET', url: `/api/c/${link[1]}`, headers: { host: 'laurel.test' } })).json();
      expect(page.status).toBe('valid');
      const pdf = await laurel.app.inject({ method: 'GET', url: `/api/c/${link[1]}/pdf`, headers: { host: 'laurel.test' } });
      const text = execFileSync('pdftotext', ['-q', '-', '-'], { input: pdf.rawPayload }).toString();
      expect(text, to).toContain(page.recipient_name);
      expect(message.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(true);
    }
    expect((await admin.client.get(`/api/projects/${projectId}`)).json().unvisited_recipients).toBe(0);
  });

  it('debits credits once however many send requests arrive at the same time', async () => {
    const accountId = admin.user.account!.id;
    const before = (await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]!;
    const projectId = await saveProject('Concurrent', 10);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => admin.client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Faculty' })),
    );
    expect(results.map((r) => r.json().queued).filter((n) => n > 0)).toEqual([10]);
    await waitForTerminal(projectId);
    const after = (await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]!;
    expect(before.credits + before.subscription_credits - (after.credits + after.subscription_credits)).toBe(10);
    expect(await ledgerBalances(laurel.context.db, accountId)).toEqual({ payg: after.credits, subscription: after.subscription_credits });
  });

  it('refuses a send the credits cannot pay for, naming how many are missing', async () => {
    const accountId = admin.user.account!.id;
    const account = (await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]!;
    const projectId = await saveProject('Too big', account.credits + account.subscription_credits + 3);
    const refused = await admin.client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Faculty' });
    expect(refused.statusCode).toBe(402);
    expect(errorOf(refused)).toMatchObject({
      errors: ['You must purchase 3 more credits to continue.'],
      redirect: '/account/subscription',
    });
    expect((await admin.client.get(`/api/projects/${projectId}`)).json().unsent_count).toBeGreaterThan(0);
  });

  it('marks a permanent refusal bounced and suppresses the address; unsubscribed addresses are not mailed', async () => {
    const projectId = await saveProject('Bounce', 2);
    const [first, second] = await laurel.context.db
      .select()
      .from(recipients)
      .where(eq(recipients.project_id, projectId))
      .orderBy(recipients.id);
    await laurel.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${second!.token}`,
      headers: { host: 'laurel.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    sink.rejectWith = 550;
    await admin.client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Faculty' });
    await waitForTerminal(projectId);
    sink.rejectWith = null;
    const states = await laurel.context.db
      .select({ id: recipients.id, state: recipients.state })
      .from(recipients)
      .where(eq(recipients.project_id, projectId))
      .orderBy(recipients.id);
    expect(states.map((s) => s.state)).toEqual(['bounced', 'suppressed']);
    const suppressed = await laurel.context.db
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.account_id, admin.user.account!.id), eq(suppressions.email, first!.email)));
    expect(suppressed[0]?.reason).toBe('bounce');
  });
});
