import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients, suppressions } from '../src/db/schema.ts';
import { errorOf } from './helpers/api.ts';
import { issuerWithCertificate } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';

const sink = new SmtpSink();
let laurel: TestLaurel;
let issuer: Awaited<ReturnType<typeof issuerWithCertificate>>;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start() });
  issuer = await issuerWithCertificate(laurel, { credits: 50, name: 'Harbour Pilot' });
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

/** Public calls, as a recipient's browser makes them: no session, the product's own host. */
const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  laurel.app.inject({
    method,
    url,
    headers: { host: 'laurel.test', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });

let mailbox = 0;
/** A unique address per test, so that suppressions of one test do not touch another. */
const address = (name: string) => `${name}.${Date.now().toString(36)}${++mailbox}@example.com`;

/** Saves a project for these addresses and sends it; resolves with the recipients once every one has ended. */
async function sendTo(client: typeof issuer.admin.client, setId: number, title: string, emails: string[]) {
  const rows = emails.map((email, i) => ({ FIRST_NAME: 'Grace', LAST_NAME: `Hopper${i}`, 'Email Address': email }));
  const saved = await client.post('/api/projects', { title, certificate_id: setId, recipients: rows });
  expect(saved.statusCode).toBe(200);
  const projectId = saved.json().id as number;
  expect((await client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Harbour School' })).statusCode).toBe(200);
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const rows = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId)).orderBy(recipients.id);
    if (rows.every((r) => ['sent', 'bounced', 'failed', 'suppressed'].includes(r.state))) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('delivery did not finish');
}

/** The token of the preferences link in the footer of the email a recipient received. */
async function preferencesToken(email: string): Promise<string> {
  const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes(email));
  const link = /http:\/\/laurel\.test\/preferences\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  expect(link, 'preferences link in the footer').not.toBeNull();
  return link![1]!;
}

const suppressionOf = async (accountId: number, email: string) =>
  (
    await laurel.context.db
      .select()
      .from(suppressions)
      .where(and(eq(suppressions.account_id, accountId), eq(suppressions.email, email)))
  )[0] ?? null;

describe('email preferences from the footer link', () => {
  it('shows the issuer, the masked address and that it is subscribed', async () => {
    const email = address('grace.hopper');
    await sendTo(issuer.admin.client, issuer.setId, 'Preferences shown', [email]);
    const response = await call('GET', `/api/preferences/${await preferencesToken(email)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      account_name: 'Analytical Engines',
      email: `g***${email.split('@')[0]!.slice(-1)}@example.com`,
      subscribed: true,
      bounced: false,
    });
    expect(response.body).not.toContain(email);
  });

  it('unsubscribes, and lets the recipient come back: the next certificate reaches them again', async () => {
    const email = address('ada.byron');
    await sendTo(issuer.admin.client, issuer.setId, 'Come back first', [email]);
    const token = await preferencesToken(email);

    const off = await call('POST', `/api/preferences/${token}`, { subscribed: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      success: true,
      subscribed: false,
      message: 'You will no longer receive emails from Analytical Engines.',
    });
    expect((await suppressionOf(issuer.accountId, email))?.reason).toBe('unsubscribe');
    expect((await call('GET', `/api/preferences/${token}`)).json().subscribed).toBe(false);
    const [held] = await sendTo(issuer.admin.client, issuer.setId, 'Come back second', [email]);
    expect(held!.state).toBe('suppressed');

    const on = await call('POST', `/api/preferences/${token}`, { subscribed: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ success: true, subscribed: true, message: 'You will receive emails from Analytical Engines again.' });
    expect(await suppressionOf(issuer.accountId, email)).toBeNull();
    const [delivered] = await sendTo(issuer.admin.client, issuer.setId, 'Come back third', [email]);
    expect(delivered!.state).toBe('sent');
  });

  it('lifts a one-click unsubscribe too, and repeating either choice changes nothing', async () => {
    const email = address('one.click');
    await sendTo(issuer.admin.client, issuer.setId, 'One click', [email]);
    const token = await preferencesToken(email);
    expect((await call('POST', `/api/unsubscribe/${token}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/preferences/${token}`)).json().subscribed).toBe(false);
    expect((await call('POST', `/api/preferences/${token}`, { subscribed: false })).json().subscribed).toBe(false);
    expect((await call('POST', `/api/preferences/${token}`, { subscribed: true })).json().subscribed).toBe(true);
    expect((await call('POST', `/api/preferences/${token}`, { subscribed: true })).json().subscribed).toBe(true);
    expect(await suppressionOf(issuer.accountId, email)).toBeNull();
  });

  it('keeps a bounce: the recipient is told it cannot be lifted from there', async () => {
    const email = address('bounced');
    await sendTo(issuer.admin.client, issuer.setId, 'Bounce first', [email]);
    const token = await preferencesToken(email);
    // Their server refuses the next message for good: the address is suppressed as a bounce.
    sink.rejectWith = 550;
    const [bounced] = await sendTo(issuer.admin.client, issuer.setId, 'Bounce second', [email]).finally(() => (sink.rejectWith = null));
    expect(bounced!.state).toBe('bounced');

    expect((await call('GET', `/api/preferences/${token}`)).json()).toMatchObject({ subscribed: false, bounced: true });
    const refused = await call('POST', `/api/preferences/${token}`, { subscribed: true });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      error_type: 'bounced',
      message:
        'Emails to this address were stopped because an earlier one could not be delivered. This cannot be undone from here: please ask Analytical Engines to send to you again.',
    });
    expect((await suppressionOf(issuer.accountId, email))?.reason).toBe('bounce');
    // Choosing not to receive mail is accepted and keeps the bounce as it is.
    expect((await call('POST', `/api/preferences/${token}`, { subscribed: false })).statusCode).toBe(200);
    expect((await suppressionOf(issuer.accountId, email))?.reason).toBe('bounce');
  });

  it('changes only the issuer of the link: another account’s unsubscribe stays', async () => {
    const email = address('two.issuers');
    const other = await issuerWithCertificate(laurel, { credits: 10, name: 'Lighthouse Keeper' });
    await sendTo(issuer.admin.client, issuer.setId, 'Two issuers', [email]);
    await laurel.context.db.insert(suppressions).values({ account_id: issuer.accountId, email, reason: 'unsubscribe' });
    await laurel.context.db.insert(suppressions).values({ account_id: other.accountId, email, reason: 'unsubscribe' });
    const token = await preferencesToken(email);
    expect((await call('POST', `/api/preferences/${token}`, { subscribed: true })).statusCode).toBe(200);
    expect(await suppressionOf(issuer.accountId, email)).toBeNull();
    expect((await suppressionOf(other.accountId, email))?.reason).toBe('unsubscribe');
  });

  it('answers 404 for a link that was never sent and 400 for a malformed one', async () => {
    const saved = await issuer.admin.client.post('/api/projects', {
      title: 'Never sent',
      certificate_id: issuer.setId,
      recipients: [{ FIRST_NAME: 'Draft', LAST_NAME: 'Only', 'Email Address': address('draft') }],
    });
    const [draft] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, saved.json().id));
    for (const token of [draft!.token, 'A'.repeat(32)]) {
      const missing = await call('GET', `/api/preferences/${token}`);
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing).message).toBe('This link is not valid. Check that it was copied whole.');
      expect((await call('POST', `/api/preferences/${token}`, { subscribed: false })).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/preferences/short')).statusCode).toBe(400);
    expect((await call('POST', `/api/preferences/${draft!.token}`, { subscribed: 'yes' })).statusCode).toBe(400);
    expect(await suppressionOf(issuer.accountId, draft!.email)).toBeNull();
  });
});
