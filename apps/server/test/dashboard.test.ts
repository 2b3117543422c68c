import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients, users } from '../src/db/schema.ts';
import { type ApiClient, registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';
import { subUser } from './helpers/store-fixtures.ts';

const sink = new SmtpSink();
let laurel: TestLaurel;
let issuer: Awaited<ReturnType<typeof issuerWithCertificate>>;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '2' } });
  issuer = await issuerWithCertificate(laurel, { credits: 50, name: 'Dashboard' });
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

const row = (first: string, email: string) => ({ FIRST_NAME: first, LAST_NAME: 'Tester', 'Email Address': email });

async function saveProject(client: ApiClient, title: string, rows: ReturnType<typeof row>[]) {
  const response = await client.post('/api/projects', { title, certificate_id: issuer.setId, recipients: rows });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

async function sendAndWait(client: ApiClient, projectId: number) {
  const send = await client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Dashboard Faculty' });
  expect(send.statusCode, send.body).toBe(200);
  for (let i = 0; i < 300; i++) {
    const counters = (await client.get(`/api/projects/${projectId}`)).json();
    if (counters.sent_pending === 0 && counters.unsent_count === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('delivery did not finish');
}

const publicGet = (url: string) => laurel.app.inject({ method: 'GET', url, headers: { host: 'laurel.test' } });

describe('dashboard statistics', () => {
  it('count a real send and what its recipients did, by the numbers of that send', async () => {
    const client = issuer.admin.client;
    const autumn = await saveProject(client, 'Autumn', [row('Ada', 'ada@example.com'), row('Bea', 'bea@example.com')]);
    await sendAndWait(client, autumn);
    // One address the mail server refuses, and the same person again in a third project.
    const winter = await saveProject(client, 'Winter', [row('Cy', 'cy@example.com')]);
    sink.rejectWith = 550;
    await sendAndWait(client, winter);
    sink.rejectWith = null;
    const [cy] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, winter));
    expect(cy!.state).toBe('bounced');
    const spring = await saveProject(client, 'Spring', [row('Ada', 'ada@example.com')]);
    await sendAndWait(client, spring);

    // The certificate emails carry the links a recipient follows: open, download, add to LinkedIn.
    const mail = sink.messages.find((m) => JSON.stringify(m.to).includes('bea@example.com'))!;
    const token = /http:\/\/laurel\.test\/c\/([A-Za-z0-9_-]{32})/.exec(mail.text ?? '')![1]!;
    const page = await publicGet(`/api/c/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().linkedin_url).toBe(`http://laurel.test/api/c/${token}/linkedin`);
    expect((await publicGet(`/api/c/${token}/pdf`)).statusCode).toBe(200);
    expect((await publicGet(`/api/c/${token}/pdf`)).statusCode).toBe(200);
    const linkedin = await publicGet(`/api/c/${token}/linkedin`);
    expect(linkedin.statusCode).toBe(302);
    expect(linkedin.headers.location).toMatch(/^https:\/\/www\.linkedin\.com\/profile\/add\?/);

    const stats = await client.get('/api/dashboard/statistics?range=7d');
    expect(stats.statusCode, stats.body).toBe(200);
    const body = stats.json();
    // Ada twice, Bea once: three certificates, two people; Cy's was refused.
    expect(body.totals).toEqual({ certificates_sent: 3, recipients: 2, opened: 1, downloaded: 1, linkedin_added: 1, bounced: 1 });
    expect(body.step).toBe('day');
    expect(body.series).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.series.at(-1)).toEqual({ period: today, certificates_sent: 3, opened: 1, downloaded: 1, linkedin_added: 1, bounced: 1 });

    const monthly = (await client.get('/api/dashboard/statistics?range=12m')).json();
    expect(monthly.step).toBe('month');
    expect(monthly.series).toHaveLength(12);
    expect(monthly.series.at(-1)).toMatchObject({ period: `${today.slice(0, 7)}-01`, certificates_sent: 3 });
    expect((await client.get('/api/dashboard/statistics?range=forever')).statusCode).toBe(400);

    expect((await client.get('/api/projects/count')).json()).toEqual({ projects_count: 3 });
    // A deleted project leaves the figures with it.
    expect((await client.call('DELETE', `/api/projects/${winter}`)).statusCode).toBe(200);
    const after = (await client.get('/api/dashboard/statistics?range=30d')).json();
    expect(after.totals).toMatchObject({ certificates_sent: 3, recipients: 2, bounced: 0, opened: 1 });
    expect((await client.get('/api/projects/count')).json()).toEqual({ projects_count: 2 });
  });

  it('show a sub-user only the projects they may see', async () => {
    const admin = issuer.admin;
    const own = await subUser(laurel, issuer.accountId, { allow_all_users_projects: false });
    const empty = (await own.client.get('/api/dashboard/statistics?range=7d')).json();
    expect(empty.totals).toEqual({ certificates_sent: 0, recipients: 0, opened: 0, downloaded: 0, linkedin_added: 0, bounced: 0 });
    expect((await own.client.get('/api/projects/count')).json()).toEqual({ projects_count: 0 });

    const colleague = await subUser(laurel, issuer.accountId, { allow_all_users_projects: false, allowed_users: [admin.user.id] });
    const seen = (await colleague.client.get('/api/dashboard/statistics?range=7d')).json();
    expect(seen.totals.certificates_sent).toBe(3);
    const everyone = await subUser(laurel, issuer.accountId, { allow_all_users_projects: true });
    expect((await everyone.client.get('/api/projects/count')).json().projects_count).toBeGreaterThan(0);

    // Another account's sends are never counted.
    const other = await registerConfirmedAdmin(laurel);
    expect((await other.client.get('/api/dashboard/statistics')).json()).toMatchObject({ range: '30d', totals: { certificates_sent: 0 } });
  });

  it('need a signed-in member of an account', async () => {
    const anonymous = await publicGet('/api/dashboard/statistics');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('dashboard progress', () => {
  it('moves from nothing to a set, a project and a send; hide-tasks and the help-centre flag are kept', async () => {
    const { admin, setId } = await issuerWithCertificate(laurel, { credits: 5, name: 'Progress' });
    const client = admin.client;
    const progress = async () => (await client.get('/api/dashboard/progress')).json();
    expect(await progress()).toEqual({ progress: 'make_certificates', hide_tasks: null });

    const fresh = await registerConfirmedAdmin(laurel);
    expect((await fresh.client.get('/api/dashboard/progress')).json()).toEqual({ progress: null, hide_tasks: null });

    const project = await client.post('/api/projects', {
      title: 'First',
      certificate_id: setId,
      recipients: [row('Di', 'di@example.com')],
    });
    expect(await progress()).toEqual({ progress: 'make_projects', hide_tasks: null });
    await sendAndWait(client, project.json().id);
    expect(await progress()).toEqual({ progress: 'manage_projects', hide_tasks: null });

    expect((await client.post('/api/dashboard/set-action', { action: 'hide-tasks', status: false })).json()).toEqual({ success: true });
    expect(await progress()).toEqual({ progress: 'manage_projects', hide_tasks: false });
    const [stored] = await laurel.context.db.select({ hide: users.hide_tasks }).from(users).where(eq(users.id, admin.user.id));
    expect(stored!.hide).toBe(false);

    expect((await client.get(`/api/accounts/${admin.user.account!.id}`)).json().help_center_shown).toBeNull();
    await client.post('/api/dashboard/set-action', { action: 'help_center_shown', status: false });
    expect((await client.get(`/api/accounts/${admin.user.account!.id}`)).json().help_center_shown).toBe(false);
    expect((await client.post('/api/dashboard/set-action', { action: 'tour', status: true })).statusCode).toBe(400);
  });
});
