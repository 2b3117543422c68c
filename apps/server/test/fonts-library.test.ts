import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate, NAME_ELEMENT } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, sendAndSettle } from './helpers/store-fixtures.ts';

const require = createRequire(import.meta.url);
const openSans = readFileSync(
  path.join(path.dirname(require.resolve('@expo-google-fonts/open-sans/package.json')), '400Regular', 'OpenSans_400Regular.ttf'),
);

let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel();
});
afterAll(async () => {
  await laurel?.close();
});

function multipart(parts: { name: string; value: string | Buffer; filename?: string }[]) {
  const boundary = `----laurel${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`,
    ),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

const post = (client: ApiClient, url: string, parts: Parameters<typeof multipart>[0]) => {
  const { payload, type } = multipart(parts);
  return laurel.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { host: 'laurel.test', 'content-type': type, authentication: client.token! },
  });
};

async function onPlan(plan: string | null) {
  const admin = await registerConfirmedAdmin(laurel);
  await laurel.context.db
    .update(accounts)
    .set({ stripe_active: plan !== null, stripe_plan: plan })
    .where(eq(accounts.id, admin.user.account!.id));
  return admin.client;
}

describe('custom fonts', () => {
  it('are refused below Advanced Monthly with an upgrade link', async () => {
    const client = await onPlan('basic-monthly-3');
    const response = await post(client, '/api/font/uploads', [
      { name: 'name', value: 'Brand Sans' },
      { name: 'file', value: openSans, filename: 'a.ttf' },
    ]);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({
      error_type: 'upgrade',
      errors: ['Custom fonts are available on the Advanced Monthly plan or higher.'],
    });
  });

  it('upload, list and remove on a qualifying plan, within its limit', async () => {
    const client = await onPlan('advanced-monthly-3');
    const uploaded = await post(client, '/api/font/uploads', [
      { name: 'name', value: 'Brand Sans' },
      { name: 'file', value: openSans, filename: 'brand.ttf' },
    ]);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toMatchObject({ name: 'Brand Sans', url: expect.stringMatching(/^\/api\/files\/.+\.ttf$/) });
    const served = await laurel.app.inject({ method: 'GET', url: uploaded.json().url, headers: { host: 'laurel.test' } });
    expect(served.headers['content-type']).toBe('font/ttf');
    expect((await client.get('/api/fonts')).json().fonts).toHaveLength(1);
    expect(
      errorOf(
        await post(client, '/api/font/uploads', [
          { name: 'name', value: 'brand sans' },
          { name: 'file', value: openSans, filename: 'b.ttf' },
        ]),
      ).errors[0],
    ).toBe('A font with this name already exists.');
    for (let i = 2; i <= 5; i++)
      await post(client, '/api/font/uploads', [
        { name: 'name', value: `Brand ${i}` },
        { name: 'file', value: openSans, filename: 'b.ttf' },
      ]);
    const over = await post(client, '/api/font/uploads', [
      { name: 'name', value: 'Brand Six' },
      { name: 'file', value: openSans, filename: 'c.ttf' },
    ]);
    expect(errorOf(over).errors[0]).toBe("you can't use more than 5 of own fonts");
    const fontUrl = uploaded.json().url;
    expect((await laurel.app.inject({ method: 'GET', url: fontUrl, headers: { host: 'laurel.test' } })).statusCode).toBe(200);
    const removed = await client.post('/api/certificates/remove-fonts', { fonts: [uploaded.json().id] });
    expect(removed.json().message).toBe('Font deleted');
    // A removed font is no longer served, and its bytes have left the store.
    expect((await laurel.app.inject({ method: 'GET', url: fontUrl, headers: { host: 'laurel.test' } })).statusCode).toBe(404);
    expect(await laurel.context.files.get(uploaded.json().file)).toBeNull();
    expect(errorOf(await client.post('/api/certificates/remove-fonts', { fonts: [uploaded.json().id] })).errors[0]).toBe(
      'Cant delete font',
    );
  });

  it('refuse bad names and files that are not fonts', async () => {
    const client = await onPlan('enterprise-monthly-3');
    expect(
      errorOf(
        await post(client, '/api/font/uploads', [
          { name: 'name', value: '1st Font' },
          { name: 'file', value: openSans, filename: 'a.ttf' },
        ]),
      ).field,
    ).toBe('name');
    const canvas = createCanvas(4, 4);
    const notFont = await post(client, '/api/font/uploads', [
      { name: 'name', value: 'Sneaky' },
      { name: 'file', value: await canvas.encode('png'), filename: 'a.ttf' },
    ]);
    expect(errorOf(notFont).errors[0]).toMatch(/TrueType/);
    const truncated = await post(client, '/api/font/uploads', [
      { name: 'name', value: 'Broken' },
      { name: 'file', value: openSans.subarray(0, 400), filename: 'a.ttf' },
    ]);
    expect(truncated.statusCode).toBe(400);
  });
});

describe('a design set in the account’s own font', () => {
  it('is not sent once the plan no longer has own fonts, and the issuer is led to resubscribe; nothing is spent', async () => {
    const { admin, accountId, setId } = await issuerWithCertificate(laurel, { credits: 3, name: 'Branded award' });
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'advanced-monthly-3' })
      .where(eq(accounts.id, accountId));
    const font = await post(admin.client, '/api/font/uploads', [
      { name: 'name', value: 'Brand Sans' },
      { name: 'file', value: openSans, filename: 'brand.ttf' },
    ]);
    expect(font.statusCode, font.body).toBe(200);
    const branded = { ...NAME_ELEMENT, styles: { ...NAME_ELEMENT.styles, 'font-family': 'Brand Sans' } };
    expect((await admin.client.call('PUT', `/api/certificates/${setId}`, { name: 'Branded award', elements: [branded] })).statusCode).toBe(
      200,
    );
    const project = await saveProject(admin.client, setId, 'Branded send', [
      { first: 'Zoë', last: 'Ångström', email: 'zoe.brand@example.com' },
    ]);

    // The plan lapses: the font stays in the design, and the send is refused before anything is spent.
    await laurel.context.db.update(accounts).set({ stripe_active: false, stripe_plan: null }).where(eq(accounts.id, accountId));
    const refused = await admin.client.post(`/api/projects/${project}/send-emails`, { sender_name: 'Harbour School' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      error_type: 'upgrade',
      redirect: '/account/subscription',
      errors: [
        'This certificate uses your own font (Brand Sans), which needs the Advanced Monthly plan or higher. Resubscribe to send it, or choose other fonts in the builder.',
      ],
    });
    const [account] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account!.credits).toBe(3);

    // Resubscribed, it goes.
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'advanced-monthly-3' })
      .where(eq(accounts.id, accountId));
    await sendAndSettle(admin.client, project);
  });
});

describe('background and image libraries', () => {
  it('are managed by super-admins and read by everyone signed in', async () => {
    const superAdmin = new ApiClient(laurel);
    await superAdmin.login('root@laurel.test', 'correct horse battery staple');
    const canvas = createCanvas(64, 48);
    canvas.getContext('2d').fillRect(0, 0, 64, 48);
    const png = await canvas.encode('png');
    const a = (await post(superAdmin, '/api/backgrounds', [{ name: 'file', value: png, filename: 'a.png' }])).json();
    const b = (await post(superAdmin, '/api/backgrounds', [{ name: 'file', value: png, filename: 'b.png' }])).json();
    expect(a.imagepath).toMatch(/^\/api\/files\//);
    await superAdmin.call('PUT', '/api/backgrounds/sort', {
      sort: [
        { id: a.id, sorting: 2 },
        { id: b.id, sorting: 1 },
      ],
    });

    const member = await onPlan(null);
    const list = (await member.get('/api/backgrounds')).json().backgrounds.map((x: { id: number }) => x.id);
    expect(list.indexOf(b.id)).toBeLessThan(list.indexOf(a.id));
    expect((await post(member, '/api/backgrounds', [{ name: 'file', value: png, filename: 'c.png' }])).statusCode).toBe(403);
    expect((await member.delete(`/api/backgrounds/${a.id}`)).statusCode).toBe(403);
    expect((await superAdmin.delete(`/api/backgrounds/${a.id}`)).statusCode).toBe(200);
    expect((await member.get('/api/signatures')).json()).toEqual({ signatures: [] });
  });
});
