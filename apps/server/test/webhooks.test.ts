import { WEBHOOK_MESSAGES } from '@laurel/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.ts';
import { recipients, webhookDeliveries, webhookEvents } from '../src/db/schema.ts';
import { webhookDeliveryJob } from '../src/modules/webhooks/index.ts';
import { type ApiClient, errorOf } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';
import { type Admin, type Person, put, saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';
import { TOLERANCE_SECONDS, verifyStandardWebhook, WebhookReceiver } from './helpers/webhook-receiver.ts';

/**
 * Signed webhooks: endpoints per account, events emitted with the state changes they report, delivered
 * by the queue with retries, signed so that a receiver written from the Standard Webhooks description
 * alone accepts them. Private targets are allowed here (the receiver listens on 127.0.0.1), except in
 * the test that checks they are refused otherwise.
 */

const sink = new SmtpSink();
const receiver = new WebhookReceiver();
let laurel: TestLaurel;
let admin: Admin;
let accountId: number;
let setId: number;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '4', ALLOW_PRIVATE_TARGETS: '1' } });
  await receiver.start();
  ({ admin, accountId, setId } = await storeAccount(laurel));
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
  await receiver.stop();
});

const people = (prefix: string, count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({ first: 'Ada', last: `${prefix}${i}`, email: `${prefix.toLowerCase()}${i}@example.com` }));

async function addEndpoint(client: ApiClient, events: string[], url = receiver.url) {
  const response = await client.post('/api/webhooks', { url, events, description: 'CRM' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ webhook: { id: number }; secret: string }>();
}

/** Waiting retries are brought forward: the backoff's minutes are the queue's to keep, not the test's to wait. */
async function hurryRetries() {
  await laurel.context.db.execute(
    sql`update pgboss.job set start_after = now() where name = ${webhookDeliveryJob.name} and state in ('created', 'retry') and start_after > now()`,
  );
}

async function settleDeliveries(endpointId: number, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const [row] = await laurel.context.db
      .select({
        pending: sql<number>`count(*) filter (where ${webhookDeliveries.state} = 'pending')::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpoint_id, endpointId));
    if (row!.all > 0 && row!.pending === 0) return;
    await hurryRetries();
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('webhook deliveries did not settle');
}

describe('delivery of a 200-recipient send through a receiver that fails the first two attempts', () => {
  it('sees every event once after de-duplication, each signed, each id at most as often as attempted', async () => {
    const { webhook, secret } = await addEndpoint(admin.client, ['recipient.delivered', 'project.sent']);
    receiver.failFirst = 2;
    const projectId = await saveProject(admin.client, setId, 'Two hundred', people('Crowd', 200));
    await sendAndSettle(admin.client, projectId);
    await settleDeliveries(webhook.id);

    const mine = receiver.received.filter((r) => r.payload.type === 'project.sent' || r.payload.data.project_id === projectId);
    for (const r of mine) {
      expect(verifyStandardWebhook(secret, r.headers, r.body, r.receivedAt), r.body).toBe(true);
      expect(Math.abs(r.receivedAt - r.timestamp)).toBeLessThanOrEqual(TOLERANCE_SECONDS);
      expect(r.payload.id).toBe(r.id);
      expect(r.id).toMatch(/^evt_/);
    }
    const accepted = receiver.accepted().filter((r) => mine.includes(r));
    const delivered = accepted.filter((r) => r.payload.type === 'recipient.delivered');
    const sent = accepted.filter((r) => r.payload.type === 'project.sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload.data).toMatchObject({ object: 'project', id: projectId, title: 'Two hundred', recipients_queued: 200 });
    const ids = await laurel.context.db.select({ id: recipients.id }).from(recipients).where(eq(recipients.project_id, projectId));
    expect(new Set(delivered.map((r) => r.payload.data.id))).toEqual(new Set(ids.map((r) => r.id)));
    expect(delivered).toHaveLength(200);
    expect(delivered[0]!.payload.data).toMatchObject({ object: 'recipient', status: 'sent', project_id: projectId, first_name: 'Ada' });
    expect(delivered[0]!.payload.data).not.toHaveProperty('token');

    // Each id came three times (two refusals, one success) and the log says three attempts.
    const rows = await laurel.context.db
      .select({ event_id: webhookDeliveries.event_id, attempts: webhookDeliveries.attempts, state: webhookDeliveries.state })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpoint_id, webhook.id));
    expect(rows).toHaveLength(201);
    for (const row of rows) {
      expect(row.state).toBe('delivered');
      expect(mine.filter((r) => r.id === row.event_id).length).toBeLessThanOrEqual(row.attempts);
      expect(row.attempts).toBe(3);
    }

    const log = await admin.client.get(`/api/webhooks/${webhook.id}/deliveries?limit=5`);
    expect(log.statusCode, log.body).toBe(200);
    const page = log.json<{
      total: number;
      deliveries: { state: string; attempts: number; attempt_log: { status_code: number; response_excerpt: string }[] }[];
    }>();
    expect(page.total).toBe(201);
    expect(page.deliveries).toHaveLength(5);
    expect(page.deliveries[0]!.attempt_log.map((a) => a.status_code)).toEqual([200, 500, 500]);
    expect(page.deliveries[0]!.attempt_log[1]!.response_excerpt).toBe('receiver is down for maintenance');
    await admin.client.delete(`/api/webhooks/${webhook.id}`);
  }, 240_000);
});

describe('events of the other state changes', () => {
  it('reports bounced, opened, downloaded and revoked, each once, only to endpoints subscribed to them', async () => {
    receiver.failFirst = 0;
    const { webhook, secret } = await addEndpoint(admin.client, [
      'recipient.bounced',
      'recipient.opened',
      'recipient.downloaded',
      'recipient.revoked',
    ]);
    const projectId = await saveProject(admin.client, setId, 'Changes', people('Change', 2));
    await sendAndSettle(admin.client, projectId);
    const [first, second] = await laurel.context.db
      .select()
      .from(recipients)
      .where(eq(recipients.project_id, projectId))
      .orderBy(recipients.id);
    // Opened and downloaded twice: only the first of each is an event.
    for (let i = 0; i < 2; i++) {
      expect((await admin.client.get(`/api/c/${first!.token}`)).statusCode).toBe(200);
      expect((await admin.client.get(`/api/c/${first!.token}/pdf`)).statusCode).toBe(200);
    }
    expect((await admin.client.post(`/api/recipients/${first!.id}/revoke`, { reason: 'Issued by mistake' })).statusCode).toBe(200);
    // Reinstating is an event of its own, which this endpoint did not subscribe to.
    expect((await admin.client.post(`/api/recipients/${first!.id}/reinstate`)).statusCode).toBe(200);
    sink.rejectWith = 550;
    try {
      expect((await admin.client.post(`/api/projects/${projectId}/send-emails`, { resend_individual: second!.id })).statusCode).toBe(200);
      for (let i = 0; i < 200; i++) {
        const [row] = await laurel.context.db.select({ state: recipients.state }).from(recipients).where(eq(recipients.id, second!.id));
        if (row!.state === 'bounced') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      sink.rejectWith = null;
    }
    await settleDeliveries(webhook.id);
    const mine = receiver.accepted().filter((r) => r.payload.data.project_id === projectId);
    expect(mine.map((r) => `${r.payload.type}:${r.payload.data.id}`).sort()).toEqual(
      [
        `recipient.bounced:${second!.id}`,
        `recipient.downloaded:${first!.id}`,
        `recipient.opened:${first!.id}`,
        `recipient.revoked:${first!.id}`,
      ].sort(),
    );
    for (const r of mine) expect(verifyStandardWebhook(secret, r.headers, r.body, r.receivedAt)).toBe(true);
    expect(mine.find((r) => r.payload.type === 'recipient.revoked')!.payload.data.revoked_at).not.toBeNull();
    // Each event about a recipient names their certificate's links, for the receiver to show its people.
    const base = laurel.context.env.PUBLIC_URL;
    expect(mine.find((r) => r.payload.type === 'recipient.opened')!.payload.data).toMatchObject({
      version: 1,
      certificate_url: `${base}/c/${first!.token}`,
      pdf_url: `${base}/api/c/${first!.token}/pdf`,
      image_url: `${base}/api/c/${first!.token}/image.png`,
      credential_url: `${base}/api/c/${first!.token}/credential`,
    });
    await admin.client.delete(`/api/webhooks/${webhook.id}`);
  }, 120_000);

  it('reports a correction as the new version, with what changed, and a reinstatement', async () => {
    receiver.failFirst = 0;
    const { webhook } = await addEndpoint(admin.client, ['recipient.corrected', 'recipient.reinstated']);
    const projectId = await saveProject(admin.client, setId, 'Corrections', people('Fix', 1));
    await sendAndSettle(admin.client, projectId);
    const [sent] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId));
    const corrected = await put(admin.client, `/api/recipients/${sent!.id}`, { first_name: 'Ada', last_name: 'Byron' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await admin.client.post(`/api/recipients/${sent!.id}/revoke`, { reason: 'Checking' })).statusCode).toBe(200);
    expect((await admin.client.post(`/api/recipients/${sent!.id}/reinstate`)).statusCode).toBe(200);
    await settleDeliveries(webhook.id);
    // Deliveries run side by side, so they may arrive in either order.
    const mine = receiver.accepted().filter((r) => r.payload.data.project_id === projectId);
    const byType = Object.fromEntries(mine.map((r) => [r.payload.type, r.payload.data]));
    expect(mine).toHaveLength(2);
    expect(byType['recipient.corrected']).toMatchObject({ id: sent!.id, version: 2, last_name: 'Byron', changed: ['last_name'] });
    expect(byType['recipient.reinstated']).toMatchObject({ id: sent!.id, version: 2, revoked_at: null });
    await admin.client.delete(`/api/webhooks/${webhook.id}`);
  }, 120_000);

  it('records no event for an account whose endpoints are disabled or absent', async () => {
    const quiet = await storeAccount(laurel);
    const { webhook } = await addEndpoint(quiet.admin.client, ['recipient.delivered', 'project.sent']);
    const off = await put(quiet.admin.client, `/api/webhooks/${webhook.id}`, {
      url: receiver.url,
      events: ['project.sent'],
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().webhook).toMatchObject({ enabled: false, events: ['project.sent'] });
    const projectId = await saveProject(quiet.admin.client, quiet.setId, 'Quiet', people('Quiet', 3));
    await sendAndSettle(quiet.admin.client, projectId);
    const events = await laurel.context.db.select().from(webhookEvents).where(eq(webhookEvents.account_id, quiet.accountId));
    expect(events).toEqual([]);
  }, 60_000);
});

describe('retries, resending and the secret', () => {
  it('gives up after 3 days; "send again" tries once more with the same id, signed with a rolled secret', async () => {
    receiver.always = 503;
    try {
      const { webhook, secret } = await addEndpoint(admin.client, ['recipient.revoked']);
      const projectId = await saveProject(admin.client, setId, 'Retries', people('Retry', 1));
      await sendAndSettle(admin.client, projectId);
      const [recipient] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId));
      expect((await admin.client.post(`/api/recipients/${recipient!.id}/revoke`)).statusCode).toBe(200);
      const deliveryOf = async () =>
        (await laurel.context.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, webhook.id)))[0]!;
      for (let i = 0; i < 100 && (await deliveryOf()).attempts < 2; i++) {
        await hurryRetries();
        await new Promise((r) => setTimeout(r, 200));
      }
      const retrying = await deliveryOf();
      expect(retrying.state).toBe('pending');
      expect(retrying.next_attempt_at!.getTime()).toBeGreaterThan(retrying.last_attempt_at!.getTime());
      for (const r of receiver.received.filter((x) => x.id === retrying.event_id))
        expect(verifyStandardWebhook(secret, r.headers, r.body, r.receivedAt)).toBe(true);

      // Three days and a minute later, the next attempt is the last.
      const later = new ManualClock(new Date(retrying.created_at.getTime() + 3 * 24 * 3600_000 + 60_000));
      await webhookDeliveryJob.handle(
        { deliveryId: retrying.id, attempt: retrying.attempts + 1 },
        { ...laurel.context, clock: later },
        {} as never,
      );
      const failed = await deliveryOf();
      expect(failed).toMatchObject({ state: 'failed', attempts: retrying.attempts + 1, last_status_code: 503, next_attempt_at: null });

      const rolled = await admin.client.post(`/api/webhooks/${webhook.id}/roll-secret`);
      expect(rolled.statusCode, rolled.body).toBe(200);
      const newSecret = rolled.json<{ secret: string }>().secret;
      expect(newSecret).toMatch(/^whsec_/);
      expect(newSecret).not.toBe(secret);

      receiver.always = null;
      const before = receiver.received.length;
      const resend = await admin.client.post(`/api/webhooks/deliveries/${failed.id}/resend`);
      expect(resend.statusCode, resend.body).toBe(200);
      expect(resend.json().message).toBe(WEBHOOK_MESSAGES.resent);
      await settleDeliveries(webhook.id);
      const again = receiver.received.slice(before);
      expect(again).toHaveLength(1);
      expect(again[0]!.id).toBe(failed.event_id);
      expect(verifyStandardWebhook(newSecret, again[0]!.headers, again[0]!.body, again[0]!.receivedAt)).toBe(true);
      expect(verifyStandardWebhook(secret, again[0]!.headers, again[0]!.body, again[0]!.receivedAt)).toBe(false);
      expect(await deliveryOf()).toMatchObject({ state: 'delivered', attempts: failed.attempts + 1, last_status_code: 200 });
      await admin.client.delete(`/api/webhooks/${webhook.id}`);
    } finally {
      receiver.always = null;
    }
  }, 120_000);
});

describe('endpoints', () => {
  it('shows the secret once, stores it encrypted, and keeps endpoints to their account', async () => {
    const { webhook, secret } = await addEndpoint(admin.client, ['project.sent']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const list = await admin.client.get('/api/webhooks');
    expect(list.body).not.toContain(secret);
    expect(list.json().webhooks.find((w: { id: number }) => w.id === webhook.id)).toMatchObject({
      url: receiver.url,
      events: ['project.sent'],
    });
    const stored = await laurel.context.db.execute(sql`select secret from webhook_endpoints where id = ${webhook.id}`);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));

    const other = await storeAccount(laurel);
    const body = { url: receiver.url, events: ['project.sent'] };
    expect((await put(other.admin.client, `/api/webhooks/${webhook.id}`, body)).statusCode).toBe(404);
    expect((await other.admin.client.delete(`/api/webhooks/${webhook.id}`)).statusCode).toBe(404);
    expect((await other.admin.client.post(`/api/webhooks/${webhook.id}/roll-secret`)).statusCode).toBe(404);
    expect((await other.admin.client.get(`/api/webhooks/${webhook.id}/deliveries`)).statusCode).toBe(404);
    expect((await other.admin.client.get('/api/webhooks')).json().webhooks).toEqual([]);
    await sendAndSettle(admin.client, await saveProject(admin.client, setId, 'Tenants', people('Tenant', 1)));
    const [anyDelivery] = await laurel.context.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, webhook.id));
    expect((await other.admin.client.post(`/api/webhooks/deliveries/${anyDelivery!.id}/resend`)).statusCode).toBe(404);

    const audit = await laurel.context.db.execute(
      sql`select action from audit_log where account_id = ${accountId} and action like 'webhook.%' and (details->>'endpoint_id')::int = ${webhook.id}`,
    );
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toContain('webhook.created');

    const bad = await admin.client.post('/api/webhooks', { url: receiver.url, events: [] });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors?.[0]).toContain(WEBHOOK_MESSAGES.eventsRequired);
    expect((await admin.client.delete(`/api/webhooks/${webhook.id}`)).statusCode).toBe(200);
    const gone = await laurel.context.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpoint_id, webhook.id)));
    expect(gone).toEqual([]);
  });

  it('refuses plain http and private addresses unless the operator allows private targets', async () => {
    const strict = await startTestLaurel();
    try {
      const { admin: strictAdmin } = await storeAccount(strict);
      const refused = async (url: string) => {
        const response = await strictAdmin.client.post('/api/webhooks', { url, events: ['project.sent'] });
        expect(response.statusCode, url).toBe(400);
        return errorOf(response).errors?.[0];
      };
      expect(await refused(receiver.url)).toBe(WEBHOOK_MESSAGES.httpsOnly);
      expect(await refused('https://127.0.0.1:8443/hooks')).toBe(WEBHOOK_MESSAGES.privateTarget);
      expect(await refused('https://169.254.169.254/latest/meta-data')).toBe(WEBHOOK_MESSAGES.privateTarget);
      expect(await refused('https://[::1]/hooks')).toBe(WEBHOOK_MESSAGES.privateTarget);
      expect(await refused('https://localhost/hooks')).toBe(WEBHOOK_MESSAGES.privateTarget);
      expect(await refused('ftp://example.com/hooks')).toBe(WEBHOOK_MESSAGES.httpsOnly);
      expect(await refused('not a url')).toBe(WEBHOOK_MESSAGES.urlInvalid);
    } finally {
      await strict.close();
    }
  }, 60_000);
});
