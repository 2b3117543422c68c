import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';
import { put, subUser } from './helpers/store-fixtures.ts';

const sink = new SmtpSink();
let laurel: TestLaurel;
let issuer: Awaited<ReturnType<typeof issuerWithCertificate>>;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '2' } });
  issuer = await issuerWithCertificate(laurel, { credits: 10, name: 'Harbour Pilot' });
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

let counter = 0;
async function newProject(people: string[]) {
  counter += 1;
  const rows = people.map((email) => ({ FIRST_NAME: 'Noor', LAST_NAME: 'Haddad', 'Email Address': email }));
  const response = await issuer.admin.client.post('/api/projects', {
    title: `Pilots ${counter}`,
    certificate_id: issuer.setId,
    recipients: rows,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

async function finished(projectId: number) {
  for (let i = 0; i < 300; i++) {
    if ((await issuer.admin.client.get(`/api/projects/${projectId}/progress`)).json().finished) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('delivery did not finish');
}

describe('a project’s own email', () => {
  it('is edited for the project alone: its recipients get it, the certificate set keeps its own', async () => {
    const projectId = await newProject(['noor@example.com']);
    const opened = (await issuer.admin.client.get(`/api/projects/${projectId}/email`)).json();
    const setBefore = (await issuer.admin.client.get(`/api/certificates/${issuer.setId}`)).json();
    expect(opened).toMatchObject({
      id: projectId,
      name: `Pilots ${counter}`,
      certificate_name: 'Harbour Pilot',
      email_subject: setBefore.email_subject,
    });
    expect(opened.elements.map((e: { type: string }) => e.type)).toContain('name');

    const saved = await put(issuer.admin.client, `/api/projects/${projectId}`, {
      email_subject: 'Your pilot licence, [FIRST NAME]',
      email_body: '<p>Well steered, [FIRST NAME].</p><script>alert(1)</script><p>[DOWNLOAD_CERTIFICATE_LINK]</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().email_subject).toBe('Your pilot licence, [FIRST NAME]');
    expect(saved.json().email_body).not.toContain('<script');
    expect((await issuer.admin.client.get(`/api/projects/${projectId}/email`)).json().email_subject).toBe(
      'Your pilot licence, [FIRST NAME]',
    );
    expect((await issuer.admin.client.get(`/api/certificates/${issuer.setId}`)).json().email_subject).toBe(setBefore.email_subject);

    const preview = (
      await issuer.admin.client.post(`/api/projects/${projectId}/email-preview`, { email_subject: 'Unsaved: [FIRST NAME]' })
    ).json();
    expect(preview.subject).toBe('Unsaved: Alex');

    await issuer.admin.client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Harbour School' });
    await finished(projectId);
    const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes('noor@example.com'));
    expect(mail.subject).toBe('Your pilot licence, Noor');
    expect(mail.html).toContain('Well steered, Noor.');
    expect(mail.html).not.toContain('alert(1)');
  });

  it('is refused whole when a rule fails, with the editor’s message, and nothing changes', async () => {
    const projectId = await newProject(['omar@example.com']);
    const before = (await issuer.admin.client.get(`/api/projects/${projectId}/email`)).json();
    const refused = await put(issuer.admin.client, `/api/projects/${projectId}`, { email_subject: 'Changed', reply_to: 'not an address' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ field: 'reply_to', message: 'You must put valid email address on reply-to field.' });
    expect((await issuer.admin.client.get(`/api/projects/${projectId}/email`)).json()).toEqual(before);
  });

  it('is for those who may edit emails, in the project’s own account', async () => {
    const projectId = await newProject(['lena@example.com']);
    const viewer = await subUser(laurel, issuer.accountId, { allow_all_users_projects: true, allow_certificate_email_edits: false });
    expect((await viewer.client.get(`/api/projects/${projectId}/email`)).statusCode).toBe(200);
    expect((await put(viewer.client, `/api/projects/${projectId}`, { email_subject: 'Mine now' })).statusCode).toBe(403);

    const stranger = await registerConfirmedAdmin(laurel);
    expect((await stranger.client.get(`/api/projects/${projectId}/email`)).statusCode).toBe(404);
    expect((await put(stranger.client, `/api/projects/${projectId}`, { email_subject: 'Mine now' })).statusCode).toBe(404);
    expect((await issuer.admin.client.get(`/api/projects/${projectId}/email`)).json().email_subject).not.toBe('Mine now');
  });
});
