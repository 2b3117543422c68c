import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, recipients, suppressions } from '../src/db/schema.ts';
import { ledgerBalances } from '../src/modules/credits/ledger.ts';
import { errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';

const sink = new SmtpSink();
let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let other: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let setId: number;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '2' } });
  ({ admin, setId } = await issuerWithCertificate(laurel, { credits: 40, name: 'Resends' }));
  other = await registerConfirmedAdmin(laurel);
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

const rows = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    FIRST_NAME: 'Ada',
    LAST_NAME: `Lovelace ${i}`,
    'Email Address': `${prefix}.${i}@example.com`,
  }));

async function sentProject(title: string, count: number) {
  const project = (
    await admin.client.post('/api/projects', {
      title,
      certificate_id: setId,
      recipients: rows(title.toLowerCase().replace(/\W/g, ''), count),
    })
  ).json();
  expect((await admin.client.post(`/api/projects/${project.id}/send-emails`, { sender_name: 'Registrar' })).json().queued).toBe(count);
  await finished(project.id);
  return project.id as number;
}

async function finished(projectId: number) {
  for (let i = 0; i < 300; i++) {
    const progress = (await admin.client.get(`/api/projects/${projectId}/progress`)).json();
    if (progress.finished) return progress;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('delivery did not finish');
}

const available = async () => {
  const [account] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, admin.user.account!.id));
  return account!.credits + account!.subscription_credits;
};

describe('sending, following and resending', () => {
  it('asks for a sender name before the first send', async () => {
    const project = (
      await admin.client.post('/api/projects', { title: 'No sender', certificate_id: setId, recipients: rows('nosender', 1) })
    ).json();
    const refused = await admin.client.post(`/api/projects/${project.id}/send-emails`, {});
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errors).toEqual(['Please fill out the Sender Name field.']);
    expect((await admin.client.get(`/api/projects/${project.id}/progress`)).json()).toMatchObject({
      total: 1,
      draft: 1,
      pending: 0,
      sent: 0,
    });
  });

  it('reports progress counted from the recipients, and who opened their certificate', async () => {
    const projectId = await sentProject('Progress', 3);
    const [first] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId)).orderBy(recipients.id);
    await laurel.app.inject({ method: 'GET', url: `/api/c/${first!.token}`, headers: { host: 'laurel.test' } });
    expect((await admin.client.get(`/api/projects/${projectId}/progress`)).json()).toEqual({
      project_id: projectId,
      total: 3,
      draft: 0,
      pending: 0,
      sent: 3,
      bounced: 0,
      failed: 0,
      suppressed: 0,
      opened: 1,
      finished: true,
    });
    expect((await other.client.get(`/api/projects/${projectId}/progress`)).statusCode).toBe(404);
    const [seen] = await laurel.context.db.select().from(recipients).where(eq(recipients.id, first!.id));
    expect(seen!.sent_details.map((e) => e.event)).toEqual(['queued', 'sending', 'sent', 'opened']);
  });

  it('resends to those who never opened, free of charge, with a new Message-ID, at most 5 times', async () => {
    const projectId = await sentProject('Never opened', 2);
    const [opened, unopened] = await laurel.context.db
      .select()
      .from(recipients)
      .where(eq(recipients.project_id, projectId))
      .orderBy(recipients.id);
    await laurel.app.inject({ method: 'GET', url: `/api/c/${opened!.token}`, headers: { host: 'laurel.test' } });
    const before = await available();

    for (let round = 1; round <= 5; round++) {
      const resend = (await admin.client.post(`/api/projects/${projectId}/send-emails`, { resend_never_logged_in: true })).json();
      expect(resend).toMatchObject({ success: true, queued: 1 });
      await finished(projectId);
    }
    const limited = await admin.client.post(`/api/projects/${projectId}/send-emails`, { resend_never_logged_in: true });
    expect(limited.statusCode).toBe(400);
    expect(errorOf(limited).errors[0]).toMatch(/already been resent 5 times.*contact/i);

    expect(await available()).toBe(before);
    const mails = sink.messages.filter((m) => JSON.stringify(m.to).includes(unopened!.email));
    expect(mails).toHaveLength(6);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(6);
    expect(sink.messages.filter((m) => JSON.stringify(m.to).includes(opened!.email))).toHaveLength(1);
    expect((await admin.client.get(`/api/projects/${projectId}`)).json().resend_attempts).toBe(5);
  });

  it('resends one recipient at most 3 times', async () => {
    const projectId = await sentProject('Individual', 1);
    const [recipient] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId));
    for (let round = 1; round <= 3; round++) {
      expect((await admin.client.post(`/api/projects/${projectId}/send-emails`, { resend_individual: recipient!.id })).json().queued).toBe(
        1,
      );
      await finished(projectId);
    }
    const limited = await admin.client.post(`/api/projects/${projectId}/send-emails`, { resend_individual: recipient!.id });
    expect(limited.statusCode).toBe(400);
    expect(errorOf(limited).errors[0]).toMatch(/already been resent 3 times/);
    const [after] = await laurel.context.db.select().from(recipients).where(eq(recipients.id, recipient!.id));
    expect(after).toMatchObject({ state: 'sent', attempt: 4, resend_individual: 3 });
    expect(after!.sent_details.map((e) => e.event).filter((e) => e === 'sent')).toHaveLength(4);
  });

  it('tries a refused address again when the issuer resends to that one recipient, but never an unsubscribed one', async () => {
    const projectId = (
      await admin.client.post('/api/projects', { title: 'Refused', certificate_id: setId, recipients: rows('refused', 2) })
    ).json().id;
    const [refused, leaving] = await laurel.context.db
      .select()
      .from(recipients)
      .where(eq(recipients.project_id, projectId))
      .orderBy(recipients.id);
    const accountId = admin.user.account!.id;
    const suppression = async (email: string) =>
      (
        await laurel.context.db
          .select()
          .from(suppressions)
          .where(and(eq(suppressions.account_id, accountId), eq(suppressions.email, email)))
      )[0]?.reason ?? null;
    sink.rejectWith = 550;
    await admin.client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Registrar', recipients: [refused!.id] });
    await finished(projectId);
    sink.rejectWith = null;
    expect(await suppression(refused!.email)).toBe('bounce');

    expect((await admin.client.post(`/api/projects/${projectId}/send-emails`, { resend_individual: refused!.id })).json().queued).toBe(1);
    await finished(projectId);
    const [delivered] = await laurel.context.db.select().from(recipients).where(eq(recipients.id, refused!.id));
    expect(delivered!.state).toBe('sent');
    expect(await suppression(refused!.email)).toBeNull();
    expect(sink.messages.some((m) => JSON.stringify(m.to).includes(refused!.email))).toBe(true);

    await laurel.context.db.insert(suppressions).values({ account_id: accountId, email: leaving!.email, reason: 'unsubscribe' });
    await admin.client.post(`/api/projects/${projectId}/send-emails`, { resend_individual: leaving!.id });
    await finished(projectId);
    const [kept] = await laurel.context.db.select().from(recipients).where(eq(recipients.id, leaving!.id));
    expect(kept!.state).toBe('suppressed');
    expect(await suppression(leaving!.email)).toBe('unsubscribe');
  });

  it('resends failed deliveries and charges their credit again, since a failure gave it back', async () => {
    const projectId = await sentProject('Failed', 2);
    const [first, second] = await laurel.context.db
      .select()
      .from(recipients)
      .where(eq(recipients.project_id, projectId))
      .orderBy(recipients.id);
    // A delivery that gave up (retries used) ends failed with its credit refunded, as the dead-letter job does.
    const { deliveryGaveUpJob } = await import('../src/modules/delivery/deliver-job.ts');
    await laurel.context.db.update(recipients).set({ state: 'queued', attempt: 9 }).where(eq(recipients.id, first!.id));
    const before = await available();
    await deliveryGaveUpJob.handle({ recipientId: first!.id, attempt: 9 }, laurel.context, {} as never);
    expect(await available()).toBe(before + 1);

    const resend = (await admin.client.post(`/api/projects/${projectId}/send-emails`, { resend_failed: true })).json();
    expect(resend.queued).toBe(1);
    await finished(projectId);
    expect(await available()).toBe(before);
    const states = await laurel.context.db
      .select({ id: recipients.id, state: recipients.state })
      .from(recipients)
      .where(eq(recipients.project_id, projectId))
      .orderBy(recipients.id);
    expect(states).toEqual([
      { id: first!.id, state: 'sent' },
      { id: second!.id, state: 'sent' },
    ]);
    const accountId = admin.user.account!.id;
    const [account] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(await ledgerBalances(laurel.context.db, accountId)).toEqual({
      payg: account!.credits,
      subscription: account!.subscription_credits,
    });
  });

  it('adds recipients to a sent project; only they go out on the next send, numbered after the others', async () => {
    const projectId = await sentProject('Added later', 2);
    const bad = await admin.client.post(`/api/projects/${projectId}/add-recipients`, {
      recipients: [{ FIRST_NAME: 'Grace', LAST_NAME: 'Hopper', 'Email Address': 'not-an-email' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors[0]).toMatch(/Invalid email format/);

    const added = await admin.client.post(`/api/projects/${projectId}/add-recipients`, {
      recipients: [{ FIRST_NAME: 'Grace', LAST_NAME: 'Hopper', 'Email Address': 'grace@example.com' }],
    });
    expect(added.json()).toMatchObject({
      success: true,
      added: 1,
      project: { recipients_count: 3, unsent_count: 1, sent_count: 2, sendable_recipients: 1 },
    });
    expect((await admin.client.post(`/api/projects/${projectId}/send-emails`, {})).json().queued).toBe(1);
    await finished(projectId);
    const [grace] = await laurel.context.db.select().from(recipients).where(eq(recipients.email, 'grace@example.com'));
    expect(grace).toMatchObject({ state: 'sent', certificate_number: `${projectId}-0003` });
    expect((await other.client.post(`/api/projects/${projectId}/add-recipients`, { recipients: rows('intruder', 1) })).statusCode).toBe(
      404,
    );
  });

  it('opens a certificate from the moment its message is handed over, and keeps it open while it is resent', async () => {
    const page = (token: string) => laurel.app.inject({ method: 'GET', url: `/api/c/${token}`, headers: { host: 'laurel.test' } });
    const draft = (
      await admin.client.post('/api/projects', { title: 'Not yet sent', certificate_id: setId, recipients: rows('notyet', 1) })
    ).json();
    const [unsent] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, draft.id));
    expect((await page(unsent!.token)).statusCode).toBe(404);
    // A batch records `sent` after all of its messages left: the first one may be read before that.
    await laurel.context.db.update(recipients).set({ state: 'sending' }).where(eq(recipients.id, unsent!.id));
    expect((await page(unsent!.token)).statusCode).toBe(200);

    const projectId = await sentProject('Resent later', 1);
    const [sent] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId));
    // A resend queues the recipient again; the link already in their mailbox keeps working meanwhile.
    await laurel.context.db.update(recipients).set({ state: 'queued' }).where(eq(recipients.id, sent!.id));
    expect((await page(sent!.token)).statusCode).toBe(200);
    expect(
      (await admin.client.post('/api/verify', { certificate_number: sent!.certificate_number, last_name: sent!.last_name })).statusCode,
    ).toBe(200);
  });

  it('revokes and reinstates a certificate; the public page tells a verifier', async () => {
    const projectId = await sentProject('Revocation', 1);
    const [recipient] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId));
    const page = () =>
      laurel.app.inject({ method: 'GET', url: `/api/c/${recipient!.token}`, headers: { host: 'laurel.test' } }).then((r) => r.json());
    expect((await page()).status).toBe('valid');

    expect((await other.client.post(`/api/recipients/${recipient!.id}/revoke`, {})).statusCode).toBe(404);
    const revoked = await admin.client.post(`/api/recipients/${recipient!.id}/revoke`, { reason: 'Issued in error' });
    expect(revoked.json()).toMatchObject({ success: true, recipient: { revoked: true } });
    expect(await page()).toMatchObject({ status: 'revoked', revocation_reason: 'Issued in error' });
    expect(Date.parse((await page()).revoked_at)).not.toBeNaN();
    // The document is no longer handed out: its link leads to the page that says it was revoked.
    const pdf = await laurel.app.inject({ method: 'GET', url: `/api/c/${recipient!.token}/pdf`, headers: { host: 'laurel.test' } });
    expect(pdf.statusCode).toBe(303);
    expect(pdf.headers.location).toBe(`http://laurel.test/c/${recipient!.token}`);

    const reinstated = await admin.client.post(`/api/recipients/${recipient!.id}/reinstate`, {});
    expect(reinstated.json()).toMatchObject({ success: true, recipient: { revoked: false } });
    expect(await page()).toMatchObject({ status: 'valid', revoked_at: null, revocation_reason: null });
    const again = await laurel.app.inject({ method: 'GET', url: `/api/c/${recipient!.token}/pdf`, headers: { host: 'laurel.test' } });
    expect(again.headers['content-type']).toBe('application/pdf');
    const events = reinstated.json().recipient.sent_details.map((e: { event: string; detail?: string }) => [e.event, e.detail]);
    expect(events).toContainEqual(['revoked', 'Issued in error']);
    expect(events).toContainEqual(['reinstated', undefined]);
  });
});
