import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { endTrial } from './helpers/trial.ts';

let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel();
});
afterAll(async () => {
  await laurel?.close();
});

/** An account on the free tier past its trial, with room for `allowedSets` sets. */
async function adminWithSets(allowedSets: number) {
  const admin = await registerConfirmedAdmin(laurel);
  await endTrial(laurel, admin.user.account!.id);
  await laurel.context.db.update(accounts).set({ allowed_sets: allowedSets }).where(eq(accounts.id, admin.user.account!.id));
  return admin;
}

const nameElement = {
  type: 'name',
  content: '[FIRST NAME] [LAST NAME]',
  styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '24px', 'font-family': 'Open Sans' },
};

describe('certificate sets', () => {
  it('creates a set with the default design, reads it back, updates and lists it', async () => {
    const { client, email } = await adminWithSets(3);
    const created = await client.post('/api/certificates', { name: 'Course Completion' });
    expect(created.statusCode).toBe(200);
    const set = created.json();
    expect(set).toMatchObject({ name: 'Course Completion', format: 'Letter', is_portrait: false, reply_to: email });
    expect(set.elements[0]).toMatchObject({ content: '[PARTICIPANT NAME]', restrictions: 'read-only' });

    const updated = await client.call('PUT', `/api/certificates/${set.id}`, {
      format: 'A4',
      elements: [
        nameElement,
        { type: 'text', content: 'Awarded to [ROLE]', styles: { left: '100px', top: '300px', width: '300px', height: '30px' } },
      ],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().format).toBe('A4');
    // Text holding a bracketed merge field is saved as dynamicText (docs/product/builder.md#flows).
    expect(updated.json().elements[1].type).toBe('dynamicText');

    const again = (await client.get(`/api/certificates/${set.id}`)).json();
    expect(again.elements).toEqual(updated.json().elements);
    const list = (await client.get('/api/certificates?limit=10&offset=0')).json();
    expect(list).toMatchObject({ count: 1, certificates: [{ id: set.id, name: 'Course Completion', format: 'A4' }] });
  });

  it('refuses a set beyond the allowance, a taken name and an invalid reply-to with the spec messages', async () => {
    const { client } = await adminWithSets(1);
    expect((await client.post('/api/certificates', { name: 'One' })).statusCode).toBe(200);
    const limit = await client.post('/api/certificates', { name: 'Two' });
    expect(errorOf(limit)).toMatchObject({ error_type: 'limit', errors: ["You don't have enough credits to create new Certificate"] });

    const roomy = await adminWithSets(5);
    await roomy.client.post('/api/certificates', { name: 'Same Name' });
    const exist = await roomy.client.post('/api/certificates', { name: 'same name' });
    expect(errorOf(exist)).toMatchObject({ error_type: 'exist', errors: ['Certificate name already exists. Please try again.'] });
    const invalid = await roomy.client.post('/api/certificates', { name: 'Other', reply_to: 'nope' });
    expect(errorOf(invalid)).toMatchObject({ error_type: 'invalid', errors: ['You must put valid email address on reply-to field.'] });
  });

  it('refuses designs that break the builder rules, and changes nothing', async () => {
    const { client } = await adminWithSets(2);
    const set = (await client.post('/api/certificates', { name: 'Rules' })).json();
    const bad = await client.call('PUT', `/api/certificates/${set.id}`, {
      elements: [
        { type: 'dynamic', content: '[DOWNLOAD_CERTIFICATE_LINK]', styles: { left: '10px', top: '10px', width: '200px', height: '30px' } },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors[0]).toMatch(/^Error Saving Certificate: /);
    expect((await client.get(`/api/certificates/${set.id}`)).json().elements).toEqual(set.elements);
  });

  it('keeps QR codes and two-sided designs behind their plans', async () => {
    const { client } = await adminWithSets(2);
    const qr = await client.post('/api/certificates', {
      name: 'QR',
      elements: [nameElement, { type: 'qrcode', content: '', styles: { left: '500px', top: '380px', width: '75px', height: '75px' } }],
    });
    expect(qr.statusCode).toBe(403);
    expect(errorOf(qr)).toMatchObject({ error_type: 'upgrade', redirect: '/account/subscription' });
    const twoSided = await client.post('/api/certificates', { name: 'Two', use_two_side: true, back_side_elements: [nameElement] });
    expect(errorOf(twoSided).error_type).toBe('upgrade');
  });

  it('duplicates, and deletes (the name is free again)', async () => {
    const { client } = await adminWithSets(3);
    const set = (await client.post('/api/certificates', { name: 'Award' })).json();
    const copy = await client.post(`/api/certificates/${set.id}/duplicate`);
    expect(copy.json()).toMatchObject({ name: 'Award (duplicate)', elements: set.elements });
    expect((await client.delete(`/api/certificates/${set.id}`)).json().message).toBe('Certificate deleted.');
    expect((await client.get(`/api/certificates/${set.id}`)).statusCode).toBe(404);
    expect((await client.post('/api/certificates', { name: 'Award' })).statusCode).toBe(200);
  });

  it('scopes sets to their account: another account gets 404', async () => {
    const owner = await adminWithSets(2);
    const stranger = await adminWithSets(2);
    const set = (await owner.client.post('/api/certificates', { name: 'Private' })).json();
    expect((await stranger.client.get(`/api/certificates/${set.id}`)).statusCode).toBe(404);
    expect((await stranger.client.call('PUT', `/api/certificates/${set.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await stranger.client.delete(`/api/certificates/${set.id}`)).statusCode).toBe(404);
    expect((await stranger.client.get('/api/certificates')).json().count).toBe(0);
  });

  it('applies sub-user permission flags', async () => {
    const owner = await adminWithSets(5);
    const set = (await owner.client.post('/api/certificates', { name: 'Team' })).json();
    const subUser = async (flags: Partial<typeof users.$inferInsert>) => {
      const email = uniqueEmail('sub');
      await laurel.context.db.insert(users).values({
        account_id: owner.user.account!.id,
        email,
        username: email,
        roles: ['account_user'],
        confirmed_at: new Date(),
        password_hash: await hashPassword(GOOD_PASSWORD),
        ...flags,
      });
      const client = new ApiClient(laurel);
      await client.login(email, GOOD_PASSWORD);
      return client;
    };
    const viewer = await subUser({});
    expect((await viewer.get(`/api/certificates/${set.id}`)).statusCode).toBe(200);
    expect((await viewer.post('/api/certificates', { name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.call('PUT', `/api/certificates/${set.id}`, { format: 'A4' })).statusCode).toBe(403);
    expect((await viewer.call('PUT', `/api/certificates/${set.id}`, { email_subject: 'Hi' })).statusCode).toBe(403);

    const editor = await subUser({ allow_certificate_set_edits: true, allow_certificate_set_create: true });
    expect((await editor.call('PUT', `/api/certificates/${set.id}`, { format: 'A4' })).statusCode).toBe(200);
    expect((await editor.call('PUT', `/api/certificates/${set.id}`, { email_subject: 'Hi' })).statusCode).toBe(403);
    expect((await editor.post('/api/certificates', { name: 'Editor made' })).statusCode).toBe(200);

    const limited = await subUser({ allow_all_certificate_sets: false, allowed_certificate_sets: [] });
    expect((await limited.get(`/api/certificates/${set.id}`)).statusCode).toBe(404);
  });

  it('lets super-admins manage global templates that accounts start from', async () => {
    const admin = new ApiClient(laurel);
    await admin.login('root@laurel.test', 'correct horse battery staple');
    const style = await admin.post('/api/styles', {
      name: `Classic ${Date.now()}`,
      format: 'A4',
      is_portrait: true,
      elements: [nameElement],
    });
    expect(style.statusCode).toBe(200);
    const { client } = await adminWithSets(2);
    expect((await client.post('/api/styles', { name: 'Mine' })).statusCode).toBe(403);
    const list = (await client.get('/api/styles')).json().styles;
    expect(list.map((s: { id: number }) => s.id)).toContain(style.json().id);
    const fromTemplate = (await client.post('/api/certificates', { name: 'From template', style_id: style.json().id })).json();
    expect(fromTemplate).toMatchObject({ format: 'A4', is_portrait: true, style_id: style.json().id });
    expect(fromTemplate.elements[0].content).toBe('[FIRST NAME] [LAST NAME]');
  });
});

describe('email attachments', () => {
  function multipart(filename: string, bytes: Buffer) {
    const boundary = `----laurel${Math.random().toString(16).slice(2)}`;
    return {
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      type: `multipart/form-data; boundary=${boundary}`,
    };
  }
  const attach = (client: ApiClient, id: number, name: string, bytes: Buffer) => {
    const { payload, type } = multipart(name, bytes);
    return laurel.app.inject({
      method: 'POST',
      url: `/api/certificates/${id}/uploads`,
      payload,
      headers: { host: 'laurel.test', 'content-type': type, authentication: client.token! },
    });
  };

  it('attaches a document, serves it as a download, lists and removes it', async () => {
    const { client } = await adminWithSets(2);
    const set = (await client.post('/api/certificates', { name: 'With files' })).json();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const uploaded = await attach(client, set.id, 'Programme – Ünïcode.pdf', pdf);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toMatchObject({ name: 'Programme – Ünïcode.pdf', mime: 'application/pdf', size: pdf.length });
    const download = await laurel.app.inject({ method: 'GET', url: uploaded.json().url, headers: { host: 'laurel.test' } });
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Programme%20%E2%80%93%20%C3%9Cn%C3%AFcode.pdf");
    expect((await client.get(`/api/certificates/${set.id}`)).json().uploads).toHaveLength(1);
    expect((await client.delete(`/api/certificates/${set.id}/uploads/${uploaded.json().id}`)).json().message).toBe('File deleted.');
    expect((await client.get(`/api/certificates/${set.id}`)).json().uploads).toEqual([]);
    // A removed attachment is no longer served, and its bytes have left the store.
    const gone = await laurel.app.inject({ method: 'GET', url: uploaded.json().url, headers: { host: 'laurel.test' } });
    expect(gone.statusCode).toBe(404);
    expect(await laurel.context.files.get(uploaded.json().url.split('/').pop())).toBeNull();
  });

  it('refuses executables and other accounts', async () => {
    const { client } = await adminWithSets(2);
    const set = (await client.post('/api/certificates', { name: 'Guarded' })).json();
    const exe = await attach(client, set.id, 'setup.pdf', Buffer.from('MZ\x90\x00binary'));
    expect(exe.statusCode).toBe(400);
    const stranger = await adminWithSets(1);
    expect((await attach(stranger.client, set.id, 'a.txt', Buffer.from('hello'))).statusCode).toBe(404);
  });
});
