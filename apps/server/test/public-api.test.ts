import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIdempotency, apiKeys, creditLedger, projects, recipients } from '../src/db/schema.ts';
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
    // An unsent certificate has no links yet: its page does not exist until its email leaves.
    expect(list.data[0]).toMatchObject({ version: 1, certificate_url: null, pdf_url: null, image_url: null, credential_url: null });
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

  it("gives a sent recipient its certificate's links, each of which answers to anyone who has it", async () => {
    let sent: Record<string, unknown> | undefined;
    for (let i = 0; i < 300 && !sent; i++) {
      const data: Record<string, unknown>[] = (await api.get(`/v1/projects/${projectId}/recipients`)).json().data;
      sent = data.find((r) => r.status === 'sent');
      if (!sent) await new Promise((r) => setTimeout(r, 100));
    }
    expect(sent, 'a recipient of the send is recorded as sent').toBeDefined();
    const [row] = await laurel.context.db
      .select()
      .from(recipients)
      .where(eq(recipients.id, sent!.id as number));
    const base = laurel.context.env.PUBLIC_URL;
    expect(sent).toMatchObject({
      version: 1,
      certificate_url: `${base}/c/${row!.token}`,
      pdf_url: `${base}/api/c/${row!.token}/pdf`,
      image_url: `${base}/api/c/${row!.token}/image.png`,
      credential_url: `${base}/api/c/${row!.token}/credential`,
    });
    expect((await api.get(`/v1/recipients/${sent!.id}`)).json()).toMatchObject({ certificate_url: sent!.certificate_url });
    // The links are public: no key, no session.
    const open = (url: unknown) =>
      laurel.app.inject({ method: 'GET', url: String(url).slice(base.length), headers: { host: new URL(base).host } });
    const page = await open(sent!.certificate_url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(row!.last_name);
    const pdf = await open(sent!.pdf_url);
    expect([pdf.statusCode, pdf.rawPayload.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);
    const image = await open(sent!.image_url);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    const credential = await open(sent!.credential_url);
    expect(credential.statusCode).toBe(200);
    expect(credential.json()).toMatchObject({ type: expect.arrayContaining(['VerifiableCredential', 'OpenBadgeCredential']) });
    expect(JSON.stringify(credential.json().credentialSubject)).toContain(row!.last_name);
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

describe('issuing in one call', () => {
  const credits = async (client: V1Client) => {
    const balance = (await client.get('/v1/credits')).json();
    return balance.pay_as_you_go + balance.subscription;
  };
  const projectsOf = (accountId: number) =>
    laurel.context.db.select({ id: projects.id, deleted_at: projects.deleted_at }).from(projects).where(eq(projects.account_id, accountId));

  it('makes and sends a project of the recipients, answering 201 with each one’s number and links', async () => {
    const before = await credits(api);
    const issued = await api.post(
      '/v1/credentials',
      {
        certificate_set_id: issuer.setId,
        recipients: [1, 2, 3].map((n) => person(`one-call-${n}`, { fields: { COURSE: 'Chemistry' } })),
      },
      'issue-one-call',
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const body = issued.json();
    expect(body).toMatchObject({ object: 'issue', queued: 3 });
    expect(body.recipients).toHaveLength(3);
    const base = laurel.context.env.PUBLIC_URL;
    for (const recipient of body.recipients) {
      expect(recipient).toMatchObject({ object: 'recipient', project_id: body.project_id, version: 1, fields: { COURSE: 'Chemistry' } });
      expect(recipient.certificate_number).toMatch(new RegExp(`^${body.project_id}-\\d{4}$`));
      expect(recipient.certificate_url).toMatch(new RegExp(`^${base}/c/[A-Za-z0-9_-]{32}$`));
      expect(recipient.credential_url).toBe(`${recipient.certificate_url.replace('/c/', '/api/c/')}/credential`);
    }
    expect(await credits(api)).toBe(before - 3);
    const project = (await api.get(`/v1/projects/${body.project_id}`)).json();
    expect(project.title).toMatch(/^Course completion, issued \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} UTC$/);
    // A retry with the same key answers the first reply, with its 201, and issues nothing more.
    const again = await api.post(
      '/v1/credentials',
      { certificate_set_id: issuer.setId, recipients: [1, 2, 3].map((n) => person(`one-call-${n}`, { fields: { COURSE: 'Chemistry' } })) },
      'issue-one-call',
    );
    expect([again.statusCode, again.headers['idempotent-replayed'], again.json().project_id]).toEqual([201, 'true', body.project_id]);
    expect(await credits(api)).toBe(before - 3);
  });

  it('keeps nothing when the send is refused for want of credits, or a row is refused', async () => {
    const poor = await issuerWithCertificate(laurel, { credits: 1, name: 'Short of credits', elements: [NAME_ELEMENT] });
    const poorApi = v1Client(laurel, await makeKey(poor.admin.client));
    // One recipient more than the account's credits (a new account's free ones and the one bought).
    const balance = await credits(poorApi);
    const many = Array.from({ length: balance + 1 }, (_, i) => person(`p${i}`));
    const refused = await poorApi.post('/v1/credentials', { certificate_set_id: poor.setId, recipients: many });
    expect(refused.statusCode, refused.body).toBe(402);
    expect(await credits(poorApi)).toBe(balance);
    const kept = await projectsOf(poor.accountId);
    expect(kept.every((p) => p.deleted_at !== null)).toBe(true);
    expect((await poorApi.get('/v1/projects/' + kept[0]!.id)).statusCode).toBe(404);

    const badRow = await poorApi.post('/v1/credentials', {
      certificate_set_id: poor.setId,
      recipients: [person('q1'), person('q2', { email: 'not-an-address' })],
    });
    expect(badRow.statusCode).toBe(400);
    expect(badRow.json().error.errors).toEqual([expect.objectContaining({ row: 1, field: 'recipients.1.email' })]);
    expect(await projectsOf(poor.accountId)).toHaveLength(kept.length);
    expect(await credits(poorApi)).toBe(balance);
  });
});

describe('changes after issue', () => {
  it('corrects a sent certificate as its next version, refusing what the certificate does not print', async () => {
    const issued = (
      await api.post('/v1/credentials', { certificate_set_id: issuer.setId, recipients: [person('fix', { fields: { COURSE: 'Art' } })] })
    ).json();
    const id = issued.recipients[0].id;
    for (let i = 0; i < 300 && (await api.get(`/v1/recipients/${id}`)).json().status !== 'sent'; i++)
      await new Promise((r) => setTimeout(r, 100));
    const unknown = await api.call('PATCH', `/v1/recipients/${id}`, { fields: { SHOE_SIZE: '42' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.errors).toEqual([expect.objectContaining({ field: 'fields.SHOE_SIZE' })]);
    const misspelt = await api.call('PATCH', `/v1/recipients/${id}`, { lastname: 'Byron' });
    expect([misspelt.statusCode, v1Error(misspelt).message]).toEqual([400, expect.stringContaining('lastname')]);
    const corrected = await api.call('PATCH', `/v1/recipients/${id}`, { last_name: 'Byron', fields: { COURSE: 'Art history' } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({
      id,
      version: 2,
      last_name: 'Byron',
      fields: { COURSE: 'Art history' },
      certificate_url: issued.recipients[0].certificate_url,
    });
    const base = laurel.context.env.PUBLIC_URL;
    const credential = await laurel.app.inject({
      method: 'GET',
      url: corrected.json().credential_url.slice(base.length),
      headers: { host: 'laurel.test' },
    });
    expect(JSON.stringify(credential.json().credentialSubject)).toContain('Byron');
  });

  it('reinstates a revoked certificate and sends one again', async () => {
    const issued = (
      await api.post('/v1/credentials', { certificate_set_id: issuer.setId, recipients: [person('again', { fields: { COURSE: 'Art' } })] })
    ).json();
    const id = issued.recipients[0].id;
    for (let i = 0; i < 300 && (await api.get(`/v1/recipients/${id}`)).json().status !== 'sent'; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await api.post(`/v1/recipients/${id}/revoke`, { reason: 'Paused' })).json().revoked).toBe(true);
    const reinstated = await api.post(`/v1/recipients/${id}/reinstate`);
    expect([reinstated.statusCode, reinstated.json().revoked]).toEqual([200, false]);
    const before = (await api.get('/v1/credits')).json();
    const resent = await api.post(`/v1/recipients/${id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(['queued', 'sending', 'sent']).toContain(resent.json().status);
    expect((await api.get('/v1/credits')).json()).toEqual(before);
    expect((await api.post(`/v1/recipients/${otherRecipientId}/reinstate`)).statusCode).toBe(404);
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
