import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIdempotency, apiKeys, creditLedger, projects } from '../src/db/schema.ts';
import { IDEMPOTENCY_TTL_MS } from '../src/modules/public-api/idempotency.ts';
import { idempotencyCleanJob } from '../src/modules/public-api/index.ts';
import { GOOD_PASSWORD } from './helpers/api.ts';
import { issuerWithCertificate, NAME_ELEMENT } from './helpers/issuer.ts';
import { ManualClock, startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { subUser } from './helpers/store-fixtures.ts';
import { makeKey, type V1Client, v1Client, v1Error } from './helpers/v1.ts';

/**
 * The public REST API (/v1) on a real database: Bearer keys acting as their user, the app's own
 * services behind every call, another tenant's ids as 404, idempotent POSTs under concurrency.
 */

const clock = new ManualClock(new Date('2030-01-10T09:00:00Z'));
let laurel: TestLaurel;
let issuer: Awaited<ReturnType<typeof issuerWithCertificate>>;
let other: Awaited<ReturnType<typeof issuerWithCertificate>>;
let api: V1Client;
let otherApi: V1Client;
let otherProjectId: number;
let otherRecipientId: number;

const COURSE_ELEMENT = { ...NAME_ELEMENT, type: 'text', content: 'for [COURSE]', styles: { ...NAME_ELEMENT.styles, top: '260px' } };
const person = (n: number | string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: `Lovelace ${n}`,
  email: `ada${n}@example.com`,
  ...extra,
});

beforeAll(async () => {
  laurel = await startTestLaurel({ clock });
  issuer = await issuerWithCertificate(laurel, { credits: 100, name: 'Course completion', elements: [NAME_ELEMENT, COURSE_ELEMENT] });
  other = await issuerWithCertificate(laurel, { credits: 10, name: 'Other tenant set' });
  api = v1Client(laurel, await makeKey(issuer.admin.client));
  otherApi = v1Client(laurel, await makeKey(other.admin.client));
  const created = await otherApi.post('/v1/projects', { certificate_set_id: other.setId, title: 'Theirs', recipients: [person('x')] });
  expect(created.statusCode, created.body).toBe(200);
  otherProjectId = created.json().id;
  otherRecipientId = (await otherApi.get(`/v1/projects/${otherProjectId}/recipients`)).json().data[0].id;
});
afterAll(async () => {
  await laurel?.close();
});

describe('authentication', () => {
  it('refuses a call without a key, with a malformed one and with an unknown one, in the /v1 error shape', async () => {
    for (const client of [v1Client(laurel, null), v1Client(laurel, 'not-a-key'), v1Client(laurel, `lrl_live_${'x'.repeat(43)}`)]) {
      const response = await client.get('/v1/credits');
      expect(response.statusCode).toBe(401);
      expect(v1Error(response).type).toBe('authentication_error');
    }
  });

  it('refuses a revoked key at once', async () => {
    const admin = await issuerWithCertificate(laurel, { credits: 1, name: 'Revoked' });
    const client = v1Client(laurel, await makeKey(admin.admin.client));
    expect((await client.get('/v1/credits')).statusCode).toBe(200);
    expect((await admin.admin.client.post('/api/users/revoke-api-key')).statusCode).toBe(200);
    const refused = await client.get('/v1/credits');
    expect(refused.statusCode).toBe(401);
    expect(v1Error(refused)).toMatchObject({ type: 'authentication_error', message: expect.stringMatching(/revoked/) });
  });

  it('refuses the previous key once a new one is retrieved', async () => {
    const admin = await issuerWithCertificate(laurel, { credits: 1, name: 'Replaced' });
    const first = v1Client(laurel, await makeKey(admin.admin.client));
    const second = v1Client(laurel, await makeKey(admin.admin.client));
    expect((await first.get('/v1/credits')).statusCode).toBe(401);
    expect((await second.get('/v1/credits')).statusCode).toBe(200);
  });

  it('keeps the key hashed and records when it was last used', async () => {
    expect((await api.get('/v1/credits')).statusCode).toBe(200);
    const [row] = await laurel.context.db.select().from(apiKeys).where(eq(apiKeys.user_id, issuer.admin.user.id));
    expect(row!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.prefix).toMatch(/^lrl_live_.{8}$/);
    expect(row!.last_used_at).not.toBeNull();
  });
});

describe('certificate sets', () => {
  it('lists the key user’s sets with their fields, paged by cursor', async () => {
    const second = await issuer.admin.client.post('/api/certificates', { name: 'Second set', elements: [NAME_ELEMENT] });
    expect(second.statusCode, second.body).toBe(200);
    const first = await api.get('/v1/certificate-sets?limit=1');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ object: 'list', has_more: true, data: [{ id: issuer.setId, object: 'certificate_set' }] });
    expect(page1.data[0].fields).toEqual([{ key: 'COURSE', required: true }]);
    const page2 = (await api.get(`/v1/certificate-sets?limit=1&starting_after=${page1.next_cursor}`)).json();
    expect(page2).toMatchObject({ has_more: false, next_cursor: null, data: [{ id: second.json().id }] });
    const all = (await api.get('/v1/certificate-sets')).json();
    expect(all.data.map((s: { id: number }) => s.id)).not.toContain(other.setId);
  });

  it('reads one set, and another tenant’s is a 404', async () => {
    expect((await api.get(`/v1/certificate-sets/${issuer.setId}`)).json()).toMatchObject({ name: 'Course completion' });
    const missing = await api.get(`/v1/certificate-sets/${other.setId}`);
    expect(missing.statusCode).toBe(404);
    expect(v1Error(missing).type).toBe('not_found');
  });

  it('answers a bad query in the /v1 error shape', async () => {
    const response = await api.get('/v1/certificate-sets?limit=1000');
    expect(response.statusCode).toBe(400);
    expect(v1Error(response)).toMatchObject({ type: 'invalid_request_error', field: 'limit' });
  });
});

describe('projects and recipients', () => {
  let projectId: number;

  it('refuses rows the wizard refuses, and saves nothing', async () => {
    const badEmail = await api.post('/v1/projects', {
      certificate_set_id: issuer.setId,
      title: 'Refused',
      recipients: [person(1, { fields: { COURSE: 'Maths' } }), person(2, { email: 'not-an-address', fields: { COURSE: 'Maths' } })],
    });
    expect(badEmail.statusCode).toBe(400);
    expect(v1Error(badEmail).type).toBe('invalid_request_error');
    const unmapped = await api.post('/v1/projects', { certificate_set_id: issuer.setId, title: 'Refused', recipients: [person(1)] });
    expect(unmapped.statusCode).toBe(400);
    expect(v1Error(unmapped)).toMatchObject({
      field: 'recipients.0.fields.COURSE',
      message: expect.stringMatching(/No recipient gives COURSE/),
    });
    const noTitle = await api.post('/v1/projects', { certificate_set_id: issuer.setId, recipients: [person(1)] });
    expect(noTitle.statusCode).toBe(400);
    expect(v1Error(noTitle)).toMatchObject({ type: 'invalid_request_error', field: 'title' });
    const rows = await laurel.context.db.select().from(projects).where(eq(projects.title, 'Refused'));
    expect(rows).toEqual([]);
  });

  it('creates a project, adds recipients, and reads them with their delivery status', async () => {
    const created = await api.post('/v1/projects', {
      certificate_set_id: issuer.setId,
      title: 'Spring cohort',
      recipients: [person(1, { fields: { COURSE: 'Maths' } }), person(2, { fields: { COURSE: 'Physics' } })],
    });
    expect(created.statusCode, created.body).toBe(200);
    projectId = created.json().id;
    expect(created.json()).toMatchObject({
      object: 'project',
      title: 'Spring cohort',
      certificate_set_id: issuer.setId,
      recipients: { total: 2, draft: 2 },
    });
    const added = await api.post(`/v1/projects/${projectId}/recipients`, { recipients: [person(3, { fields: { COURSE: 'Art' } })] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().recipients.total).toBe(3);
    const list = (await api.get(`/v1/projects/${projectId}/recipients?limit=2`)).json();
    expect(list).toMatchObject({ has_more: true, data: [{ status: 'draft', fields: { COURSE: 'Maths' } }, { last_name: 'Lovelace 2' }] });
    const rest = (await api.get(`/v1/projects/${projectId}/recipients?limit=2&starting_after=${list.next_cursor}`)).json();
    expect(rest).toMatchObject({ has_more: false, data: [{ last_name: 'Lovelace 3' }] });
    expect((await api.get(`/v1/projects/${projectId}`)).json()).toMatchObject({ id: projectId, recipients: { total: 3 } });
  });

  it('sends as the app does, debiting one credit per certificate', async () => {
    const before = (await api.get('/v1/credits')).json();
    const sent = await api.post(`/v1/projects/${projectId}/send`, { sender_name: 'Academy' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ object: 'send', project_id: projectId, queued: 3 });
    const after = (await api.get('/v1/credits')).json();
    expect(after).toMatchObject({ object: 'credits', allocation: null });
    expect(after.pay_as_you_go + after.subscription).toBe(before.pay_as_you_go + before.subscription - 3);
    const recipients = (await api.get(`/v1/projects/${projectId}/recipients`)).json().data;
    expect(recipients.every((r: { status: string }) => r.status !== 'draft')).toBe(true);
  });

  it('reads a recipient, downloads the PDF and revokes the certificate', async () => {
    const [first] = (await api.get(`/v1/projects/${projectId}/recipients`)).json().data;
    expect((await api.get(`/v1/recipients/${first.id}`)).json()).toMatchObject({ id: first.id, object: 'recipient', revoked: false });
    const pdf = await api.get(`/v1/recipients/${first.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const revoked = await api.post(`/v1/recipients/${first.id}/revoke`, { reason: 'Issued by mistake' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: first.id, revoked: true });
  });

  it('answers 404 for another tenant’s project and recipient on every call', async () => {
    const calls = [
      api.get(`/v1/projects/${otherProjectId}`),
      api.get(`/v1/projects/${otherProjectId}/recipients`),
      api.post(`/v1/projects/${otherProjectId}/recipients`, { recipients: [person(9)] }),
      api.post(`/v1/projects/${otherProjectId}/send`, { sender_name: 'Intruder' }),
      api.get(`/v1/recipients/${otherRecipientId}`),
      api.get(`/v1/recipients/${otherRecipientId}/pdf`),
      api.post(`/v1/recipients/${otherRecipientId}/revoke`, {}),
      api.post('/v1/projects', { certificate_set_id: other.setId, title: 'Borrowed set', recipients: [person(9)] }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(v1Error(response).type).toBe('not_found');
    }
    expect((await otherApi.get(`/v1/recipients/${otherRecipientId}`)).json().revoked).toBe(false);
  });

  it('answers an unknown call under /v1 with a 404 in the /v1 shape', async () => {
    const response = await api.get('/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(v1Error(response).type).toBe('not_found');
  });
});

describe("a team member's key", () => {
  it('sees only the sets the team member may use', async () => {
    const allowedSet = issuer.setId;
    const hidden = await issuer.admin.client.post('/api/certificates', { name: 'Hidden from the sub-user', elements: [NAME_ELEMENT] });
    const sub = await subUser(laurel, issuer.accountId, { allow_all_certificate_sets: false, allowed_certificate_sets: [allowedSet] });
    const subApi = v1Client(laurel, await makeKey(sub.client));
    const ids = (await subApi.get('/v1/certificate-sets')).json().data.map((s: { id: number }) => s.id);
    expect(ids).toEqual([allowedSet]);
    expect((await subApi.get(`/v1/certificate-sets/${hidden.json().id}`)).statusCode).toBe(404);
    const refused = await subApi.post('/v1/projects', { certificate_set_id: hidden.json().id, title: 'Not mine', recipients: [person(1)] });
    expect(refused.statusCode).toBe(404);
  });

  it('cannot be made by a team member without the send right', async () => {
    const sub = await subUser(laurel, issuer.accountId, { allow_all_certificate_sets: false, allowed_certificate_sets: [] });
    expect((await sub.client.post('/api/users/retrieve-api-key')).statusCode).toBe(403);
  });
});

describe('idempotency', () => {
  const body = (title: string) => ({ certificate_set_id: issuer.setId, title, recipients: [person(1, { fields: { COURSE: 'Maths' } })] });

  it('runs 20 concurrent creations with one Idempotency-Key once, and replays the answer', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.post('/v1/projects', body('Concurrent'), 'create-once')));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 200 || (a.statusCode === 409 && v1Error(a).type === 'idempotency_in_progress'))).toBe(
      true,
    );
    expect(new Set(ok.map((a) => a.json().id)).size).toBe(1);
    const rows = await laurel.context.db.select().from(projects).where(eq(projects.title, 'Concurrent'));
    expect(rows).toHaveLength(1);
    const retry = await api.post('/v1/projects', body('Concurrent'), 'create-once');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(rows[0]!.id);
  });

  it('refuses the same key with another body', async () => {
    expect((await api.post('/v1/projects', body('First body'), 'one-key')).statusCode).toBe(200);
    const refused = await api.post('/v1/projects', body('Second body'), 'one-key');
    expect(refused.statusCode).toBe(422);
    expect(v1Error(refused).type).toBe('idempotency_error');
  });

  it('sends once and debits once for 20 concurrent sends with one Idempotency-Key', async () => {
    const created = await api.post('/v1/projects', {
      certificate_set_id: issuer.setId,
      title: 'Send once',
      recipients: [person(1, { fields: { COURSE: 'A' } }), person(2, { fields: { COURSE: 'B' } })],
    });
    const id = created.json().id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.post(`/v1/projects/${id}/send`, { sender_name: 'Academy' }, 'send-once')),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.every((a) => a.json().queued === 2)).toBe(true);
    const debits = await laurel.context.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.kind, 'send'), like(creditLedger.reference, `send:${id}:%`)));
    expect(debits.map((d) => d.delta)).toEqual([-2]);
  });
  it('forgets answers a day old in the hourly sweep; the key then runs its request afresh', async () => {
    const first = await api.post('/v1/projects', body('Kept a day'), 'swept-key');
    expect(first.statusCode).toBe(200);
    const kept = () => laurel.context.db.select().from(apiIdempotency).where(eq(apiIdempotency.idempotency_key, 'swept-key'));
    await idempotencyCleanJob.handle({}, laurel.context, {} as never);
    expect(await kept()).toHaveLength(1);
    clock.advance(IDEMPOTENCY_TTL_MS + 60_000);
    await idempotencyCleanJob.handle({}, laurel.context, {} as never);
    expect(await kept()).toEqual([]);
    // Not replayed: the same request runs afresh, and is refused as a second project of that title.
    const again = await api.post('/v1/projects', body('Kept a day'), 'swept-key');
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect([again.statusCode, v1Error(again).message]).toEqual([400, 'Project title must be unique.']);
  });
});

describe('rate limits', () => {
  it('counts calls per key in RateLimit headers and answers 429 with Retry-After past the limit', async () => {
    const admin = await issuerWithCertificate(laurel, { credits: 1, name: 'Busy' });
    const client = v1Client(laurel, await makeKey(admin.admin.client));
    const first = await client.get('/v1/credits');
    expect(first.headers).toMatchObject({ 'ratelimit-limit': '120', 'ratelimit-remaining': '119' });
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    for (let i = 0; i < 119; i++) await client.get('/v1/credits');
    const limited = await client.get('/v1/credits');
    expect(limited.statusCode).toBe(429);
    expect(v1Error(limited).type).toBe('rate_limit_error');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another key is counted apart.
    expect((await api.get('/v1/credits')).statusCode).toBe(200);
    clock.advance(61_000);
    expect((await client.get('/v1/credits')).statusCode).toBe(200);
  });
});

// Last: moving the clock three months on ends every session and key made above.
describe('expiry', () => {
  it('refuses a key three months after it was made', async () => {
    const admin = await issuerWithCertificate(laurel, { credits: 1, name: 'Expiring' });
    const client = v1Client(laurel, await makeKey(admin.admin.client));
    clock.advance(89 * 24 * 3600 * 1000);
    expect((await client.get('/v1/credits')).statusCode).toBe(200);
    clock.advance(3 * 24 * 3600 * 1000);
    const refused = await client.get('/v1/credits');
    expect(refused.statusCode).toBe(401);
    expect(v1Error(refused)).toMatchObject({ type: 'authentication_error', message: expect.stringMatching(/expired/) });
    // The session ended long ago too: sign in again to read the key's state.
    expect((await admin.admin.client.login(admin.admin.email, GOOD_PASSWORD)).statusCode).toBe(200);
    const status = await admin.admin.client.get('/api/users/api-key');
    expect(status.json().key).toMatchObject({ expired: true });
  });
});
