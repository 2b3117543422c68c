import { execFileSync } from 'node:child_process';
import { PERMISSION_MESSAGES } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../src/db/schema.ts';
import { ApiClient, errorOf } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { put, saveProject, sendAndSettle, storeAccount, subUser } from './helpers/store-fixtures.ts';

let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;
let other: Awaited<ReturnType<typeof storeAccount>>;
let sentProject: number;
let draftProject: number;

const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-q', '-', '-'], { input: bytes }).toString();

async function recipientsOf(projectId: number) {
  return laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId)).orderBy(recipients.id);
}

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '2' } });
  owner = await storeAccount(laurel);
  other = await storeAccount(laurel, { name: 'Other Harbour' });
  sentProject = await saveProject(owner.admin.client, owner.setId, 'Spring crew', [
    { first: 'Zoë', last: 'Okafor', email: 'zoe@example.com' },
    { first: 'José', last: 'Núñez', email: 'jose@example.com' },
  ]);
  await sendAndSettle(owner.admin.client, sentProject);
  draftProject = await saveProject(owner.admin.client, owner.setId, 'Autumn crew', [
    { first: 'Zoe', last: 'Okafor', email: 'ZOE@example.com', course: 'Pilotage' },
    { first: 'Ines', last: 'Ferreira', email: 'ines@example.com' },
  ]);
});
afterAll(async () => {
  await laurel?.close();
});

describe('a recipient’s certificate, issuer side', () => {
  it('serves the PNG and the issued PDF of the account’s own recipient', async () => {
    const [zoe] = await recipientsOf(sentProject);
    const png = await owner.admin.client.get(`/api/recipients/${zoe!.id}/image/image.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const pdf = await owner.admin.client.get(`/api/recipients/${zoe!.id}/pdf?type=stream`);
    expect(pdf.statusCode).toBe(200);
    // The recipient's name as written, with an ASCII fallback for old clients (RFC 6266 / RFC 5987).
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="Zo_ Okafor - Seamanship.pdf"; filename*=UTF-8''Zo%C3%AB%20Okafor%20-%20Seamanship.pdf`,
    );
    const download = await owner.admin.client.get(`/api/recipients/${zoe!.id}/pdf`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    const byLink = await new ApiClient(laurel).get(`/api/c/${zoe!.token}/pdf`);
    expect(byLink.statusCode).toBe(200);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(byLink.headers['content-disposition'] as string)![1]!)).toBe(
      'Zoë Okafor - Seamanship.pdf',
    );
    expect(pdfText(pdf.rawPayload)).toContain('Zoë Okafor');
    // The issuer sees the very file the recipient downloads from their link.
    const publicPdf = await laurel.app.inject({ method: 'GET', url: `/api/c/${zoe!.token}/pdf`, headers: { host: 'laurel.test' } });
    expect(Buffer.compare(publicPdf.rawPayload, pdf.rawPayload)).toBe(0);
  });

  it('opens from a signed preview link without a session, and not from a tampered one', async () => {
    const [zoe] = await recipientsOf(sentProject);
    const links = (await owner.admin.client.get(`/api/recipients/${zoe!.id}/preview-link`)).json();
    const signed = await laurel.app.inject({ method: 'GET', url: links.image, headers: { host: 'laurel.test' } });
    expect(signed.statusCode).toBe(200);
    const tampered = await laurel.app.inject({
      method: 'GET',
      url: links.pdf.replace(`/recipients/${zoe!.id}/`, `/recipients/${zoe!.id + 1}/`),
      headers: { host: 'laurel.test' },
    });
    expect(tampered.statusCode).toBe(401);
  });

  it('answers 404 for another account’s recipient, on every route', async () => {
    const [zoe] = await recipientsOf(sentProject);
    const client = other.admin.client;
    for (const response of [
      await client.get(`/api/recipients/${zoe!.id}`),
      await client.get(`/api/recipients/${zoe!.id}/image/image.png`),
      await client.get(`/api/recipients/${zoe!.id}/pdf?type=stream`),
      await client.get(`/api/recipients/${zoe!.id}/preview-link`),
      await put(client, `/api/recipients/${zoe!.id}`, { first_name: 'Mallory' }),
      await client.delete(`/api/recipients/${zoe!.id}`),
      await put(client, `/api/recipients/${other.accountId}/recipient-email`, {
        update_email: 'mallory@example.com',
        recipients_id: zoe!.id,
      }),
      await client.get(`/api/recipients/${owner.accountId}/account-recipients`),
      await client.get(`/api/recipients/${owner.accountId}/recipient-projects/zoe@example.com`),
      await client.get(`/api/accounts/${owner.accountId}/data-fields`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(errorOf(response).errors[0]).toBe('Error 404. Page not found.');
    }
    expect((await recipientsOf(sentProject))[0]).toMatchObject({ first_name: 'Zoë', email: 'zoe@example.com' });
  });
});

describe('correcting recipients', () => {
  it('saves names and data fields, keeps the edit in the history, and re-renders the issued PDF', async () => {
    const [, jose] = await recipientsOf(sentProject);
    const saved = await put(owner.admin.client, `/api/recipients/${jose!.id}`, {
      first_name: 'José María',
      meta: { COURSE: 'Celestial navigation', EXPIRATION_DATE: '30/06/2031', UNKNOWN: 'dropped' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      message: 'Record saved',
      recipient: {
        first_name: 'José María',
        last_name: 'Núñez',
        meta: { COURSE: 'Celestial navigation', EXPIRATION_DATE: '2031-06-30' },
        project_title: 'Spring crew',
      },
    });
    expect(saved.json().recipient.meta.UNKNOWN).toBeUndefined();
    expect(saved.json().recipient.history.map((e: { event: string }) => e.event)).toEqual(['queued', 'sending', 'sent', 'edited']);
    const text = pdfText((await owner.admin.client.get(`/api/recipients/${jose!.id}/pdf`)).rawPayload);
    expect(text).toContain('José María Núñez');
    expect(text).toContain('Celestial navigation');
  });

  it('refuses a date outside the certificate’s format and an empty name', async () => {
    const [, jose] = await recipientsOf(sentProject);
    const date = await put(owner.admin.client, `/api/recipients/${jose!.id}`, { meta: { EXPIRATION_DATE: '2031/06/30' } });
    expect(date.statusCode).toBe(400);
    expect(errorOf(date).errors[0]).toBe('Please enter a valid expiration date in format - DD/MM/YYYY');
    const name = await put(owner.admin.client, `/api/recipients/${jose!.id}`, { first_name: ' ', last_name: '' });
    expect(name.statusCode).toBe(400);
    expect(errorOf(name).errors[0]).toBe('Required');
  });

  it('changes an address, refusing an invalid one; the change shows in the history', async () => {
    const [ines] = (await recipientsOf(draftProject)).filter((r) => r.first_name === 'Ines');
    const url = `/api/recipients/${owner.accountId}/recipient-email`;
    const bad = await put(owner.admin.client, url, { update_email: 'ines at example', recipients_id: ines!.id });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors[0]).toBe('Invalid email format');
    const good = await put(owner.admin.client, url, { update_email: ' Ines.Ferreira@Example.com ', recipients_id: [ines!.id] });
    expect(good.json()).toEqual({
      success: true,
      message: 'Email updated',
      recipients: [{ id: ines!.id, email: 'ines.ferreira@example.com' }],
    });
    const detail = (await owner.admin.client.get(`/api/recipients/${ines!.id}`)).json();
    expect(detail.history).toMatchObject([{ event: 'email_changed', detail: 'ines@example.com → ines.ferreira@example.com' }]);
  });

  it('deletes a recipient never sent anything, and refuses to delete an issued certificate', async () => {
    const [sent] = await recipientsOf(sentProject);
    const refused = await owner.admin.client.delete(`/api/recipients/${sent!.id}`);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errors[0]).toBe(
      'A recipient who has been sent a certificate cannot be deleted. Revoke the certificate instead.',
    );
    const extra = await saveProject(owner.admin.client, owner.setId, 'Short lived', [
      { first: 'Tom', last: 'Tide', email: 'tom@example.com' },
      { first: 'Ann', last: 'Anchor', email: 'ann@example.com' },
    ]);
    const [tom] = await recipientsOf(extra);
    const deleted = await owner.admin.client.delete(`/api/recipients/${tom!.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Record deleted' });
    expect((await owner.admin.client.get(`/api/recipients/${tom!.id}`)).statusCode).toBe(404);
    expect((await owner.admin.client.get(`/api/projects/${extra}`)).json().recipients_count).toBe(1);
  });
});

describe('finding recipients', () => {
  it('lists people once per address with what they received, and each person’s certificates with their history', async () => {
    const zoe = (await recipientsOf(sentProject))[0]!;
    await laurel.app.inject({ method: 'GET', url: `/api/c/${zoe.token}`, headers: { host: 'laurel.test' } });
    const people = (await owner.admin.client.get(`/api/recipients/${owner.accountId}/account-recipients?like=zo&sort=email`)).json();
    expect(people.count).toBe(1);
    expect(people.recipients[0]).toMatchObject({
      email: 'zoe@example.com',
      first_name: 'Zoe',
      certificates: 2,
      projects: 2,
      sent: 1,
      opened: 1,
    });

    const detail = (await owner.admin.client.get(`/api/recipients/${owner.accountId}/recipient-projects/ZOE%40example.com`)).json();
    expect(detail.email).toBe('zoe@example.com');
    expect(detail.recipients.map((r: { project_title: string }) => r.project_title)).toEqual(['Autumn crew', 'Spring crew']);
    const spring = detail.recipients[1];
    expect(spring).toMatchObject({ state: 'sent', sent: true, certificate_name: 'Seamanship' });
    // The first describe fetched the PDF by its public link: the first download is part of the history.
    expect(spring.history.map((e: { event: string }) => e.event)).toEqual(['queued', 'sending', 'sent', 'downloaded', 'opened']);
    expect(spring.token).toBeUndefined();
  });

  it('searches across projects by each filter, paged, and never shows another account’s recipients', async () => {
    await saveProject(other.admin.client, other.setId, 'Spring crew', [{ first: 'Zoë', last: 'Okafor', email: 'zoe@example.com' }]);
    const search = async (query: string) => (await owner.admin.client.get(`/api/recipients/search?${query}`)).json();
    expect((await search('name=zo%C3%AB%20oka')).count).toBe(1);
    expect((await search('email=example.com&limit=8')).recipients).toHaveLength(Math.min(8, (await search('email=example.com')).count));
    expect((await search('project=autumn')).recipients.map((r: { first_name: string }) => r.first_name).sort()).toEqual(['Ines', 'Zoe']);
    expect((await search('certificate=seaman&status=sent')).count).toBe(2);
    expect((await search('status=unsent&project=spring')).count).toBe(0);
    expect((await search(`fields=${encodeURIComponent(JSON.stringify({ COURSE: 'pilot' }))}`)).recipients[0]).toMatchObject({
      first_name: 'Zoe',
      project_title: 'Autumn crew',
    });
    const today = new Date().toISOString().slice(0, 10);
    expect((await search(`sent_from=2014-01-01&sent_to=${today}`)).count).toBe(2);
    expect((await search('sent_to=2014-01-01')).count).toBe(0);
    expect((await search('status=opened')).recipients.map((r: { email: string }) => r.email)).toEqual(['zoe@example.com']);
    const bad = await owner.admin.client.get('/api/recipients/search?status=lost');
    expect(bad.statusCode).toBe(400);
  });

  it('lists the data fields of the account and of one project', async () => {
    expect((await owner.admin.client.get(`/api/accounts/${owner.accountId}/data-fields`)).json()).toEqual({
      fields: [
        { key: 'COURSE', label: 'Course', kind: 'data' },
        { key: 'EXPIRATION_DATE', label: 'Expiration date', kind: 'expiration_date' },
      ],
    });
    expect((await owner.admin.client.get(`/api/projects/${sentProject}/data-fields`)).json()).toMatchObject({
      expiration_date_format: 'DD/MM/YYYY',
    });
  });
});

describe('the API document', () => {
  it('lists the store’s and the exports’ calls', async () => {
    const doc = (await owner.admin.client.get('/api/openapi.json')).json();
    for (const path of [
      '/api/recipients/search',
      '/api/recipients/{accountId}/account-recipients',
      '/api/recipients/{id}/pdf',
      '/api/accounts/{id}/data-fields',
      '/api/projects/run-export',
      '/api/exports/{file}',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});

describe('sub-users', () => {
  it('see only their own projects’ recipients unless allowed all, and may not change recipients without send rights', async () => {
    const restricted = await subUser(laurel, owner.accountId, { allow_all_certificate_sets: true });
    const [zoe] = await recipientsOf(sentProject);
    expect((await restricted.client.get(`/api/recipients/${zoe!.id}`)).statusCode).toBe(404);
    expect((await restricted.client.get('/api/recipients/search')).json().count).toBe(0);
    expect((await restricted.client.get(`/api/recipients/${owner.accountId}/account-recipients`)).json().count).toBe(0);
    const own = await saveProject(restricted.client, owner.setId, 'Sub crew', [{ first: 'Kai', last: 'Keel', email: 'kai@example.com' }]);
    expect(
      (await restricted.client.get('/api/recipients/search')).json().recipients.map((r: { project_id: number }) => r.project_id),
    ).toEqual([own]);

    const everyone = await subUser(laurel, owner.accountId, {
      allow_all_users_projects: true,
      allow_all_certificate_sets: false,
      allowed_certificate_sets: [],
    });
    expect((await everyone.client.get(`/api/recipients/${zoe!.id}`)).statusCode).toBe(200);
    const edit = await put(everyone.client, `/api/recipients/${zoe!.id}`, { first_name: 'Mallory' });
    expect(edit.statusCode).toBe(403);
    expect(errorOf(edit).errors[0]).toBe(PERMISSION_MESSAGES.send);
  });
});
