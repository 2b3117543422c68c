import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNT_URL_TAKEN_MESSAGE, DEFAULT_LIST_PAGE_SIZES } from '@laurel/domain';
import { createCanvas } from '@napi-rs/canvas';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, libraryImages } from '../src/db/schema.ts';
import { ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { put, subUser } from './helpers/store-fixtures.ts';

/**
 * The account profile: reading and changing the account, its logo by file or by address, the
 * account's own image library and the page sizes a user keeps. Logos by address are fetched from a
 * server this file starts on the loopback address: refused by default, reached when the environment
 * allows private targets.
 */

let laurel: TestLaurel;
/** The same app in an environment that may reach private addresses (tests, closed networks). */
let open: TestLaurel;
let images: Server;
let imagesBase: string;

const png = (width = 48, height = 32) => {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#2f6f4f';
  context.fillRect(0, 0, width, height);
  return canvas.encodeSync('png');
};

beforeAll(async () => {
  images = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/logo.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(png(60, 40));
    // A page claiming to be an image: the content decides, not the header.
    if (path === '/page.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end('<html><body>Hi</body></html>');
    if (path === '/huge.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(2 * 1024 * 1024 + 10));
    if (path === '/to-file') return void response.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (path === '/to-logo') return void response.writeHead(302, { location: '/logo.png' }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imagesBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  [laurel, open] = await Promise.all([startTestLaurel(), startTestLaurel({ env: { ALLOW_PRIVATE_TARGETS: '1' } })]);
});

afterAll(async () => {
  await Promise.all([laurel?.close(), open?.close()]);
  await new Promise<void>((resolve) => images.close(() => resolve()));
});

const readRow = async (instance: TestLaurel, id: number) =>
  (await instance.context.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;

const lastAudit = async (instance: TestLaurel, accountId: number) =>
  (await instance.context.db.select().from(auditLog).where(eq(auditLog.account_id, accountId)).orderBy(desc(auditLog.id)).limit(1))[0];

const form = (value: Buffer, filename = 'logo.png') => [{ name: 'file', value, filename }];

describe('GET /api/accounts/{id}', () => {
  it('answers the account to its members, without Stripe ids, and 404 to another tenant', async () => {
    const admin = await registerConfirmedAdmin(laurel, { account_name: 'Harbour School' });
    const accountId = admin.user.account!.id;
    await laurel.context.db.update(accounts).set({ stripe_id: 'cus_secret123' }).where(eq(accounts.id, accountId));
    const mine = await admin.client.get(`/api/accounts/${accountId}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      id: accountId,
      name: 'Harbour School',
      url: admin.url,
      country: 'US',
      state: null,
      noLogin: false,
    });
    expect(mine.body).not.toContain('cus_secret123');
    expect(mine.json()).not.toHaveProperty('stripe_id');

    const { client: sub } = await subUser(laurel, accountId);
    expect((await sub.get(`/api/accounts/${accountId}`)).json().name).toBe('Harbour School');

    const other = await registerConfirmedAdmin(laurel);
    const theirs = await admin.client.get(`/api/accounts/${other.user.account!.id}`);
    expect(theirs.statusCode).toBe(404);
    expect((await admin.client.get('/api/accounts/999999')).statusCode).toBe(404);

    const root = new ApiClient(laurel);
    await root.login('root@laurel.test', 'correct horse battery staple');
    expect((await root.get(`/api/accounts/${accountId}`)).json().name).toBe('Harbour School');
  });
});

describe('PUT /api/accounts/{id}', () => {
  it('changes name, URL (scheme stripped, lowercased), country and state, and records it', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    const url = `harbour${Date.now().toString(36)}`;
    const response = await put(admin.client, `/api/accounts/${accountId}`, {
      name: 'Harbour Sailing School',
      url: `https://${url.toUpperCase()}`,
      country: 'ca',
      state: 'on',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Account Updated.',
      account: { name: 'Harbour Sailing School', url, country: 'CA', state: 'ON' },
    });
    expect(await readRow(laurel, accountId)).toMatchObject({ name: 'Harbour Sailing School', url, country: 'CA', state: 'ON' });
    const entry = await lastAudit(laurel, accountId);
    expect(entry).toMatchObject({ action: 'account.updated', actor_id: admin.user.id });
    expect(entry!.details).toMatchObject({ name: { to: 'Harbour Sailing School' }, country: { from: 'US', to: 'CA' } });
    // The header and every screen read the account through the current user.
    expect((await admin.client.get('/api/auth/current')).json().account.name).toBe('Harbour Sailing School');

    // A country without a state list clears the state.
    const france = await put(admin.client, `/api/accounts/${accountId}`, {
      name: 'Harbour Sailing School',
      url,
      country: 'FR',
      state: 'ON',
    });
    expect(france.json().account).toMatchObject({ country: 'FR', state: null });
  });

  it('refuses each bad field with its message and changes nothing', async () => {
    const admin = await registerConfirmedAdmin(laurel, { account_name: 'Unchanged' });
    const taken = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    const before = await readRow(laurel, accountId);
    const valid = { name: 'Renamed', url: admin.url, country: 'US', state: 'NY' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Account name is required.'],
      [{ name: 'A/B' }, 'name', 'The account name may not contain a slash or a backslash.'],
      [{ name: 'A\\B' }, 'name', 'The account name may not contain a slash or a backslash.'],
      // The length is the contract's (the OpenAPI document's maxLength), refused by validation with the field's name.
      [{ name: 'x'.repeat(101) }, 'name', 'Name: The account name may be at most 100 characters.'],
      [{ url: '' }, 'url', 'Account URL is required.'],
      [{ url: 'harbour/school' }, 'url', 'The account URL may contain only lowercase letters, digits and hyphens.'],
      [{ url: 'harbour\\school' }, 'url', 'The account URL may contain only lowercase letters, digits and hyphens.'],
      [{ url: taken.url }, 'url', ACCOUNT_URL_TAKEN_MESSAGE],
      [{ url: `https://${taken.url.toUpperCase()}` }, 'url', ACCOUNT_URL_TAKEN_MESSAGE],
      [{ country: 'XX' }, 'country', 'Choose a country from the list.'],
      [{ country: 'US', state: 'ZZ' }, 'state', 'Choose a state from the list.'],
      [{ country: 'GB', state: 'NY' }, 'state', 'Choose a state from the list.'],
    ];
    for (const [change, field, message] of cases) {
      const response = await put(admin.client, `/api/accounts/${accountId}`, { ...valid, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(response)).toMatchObject({ field, errors: [message] });
    }
    expect(await readRow(laurel, accountId)).toEqual(before);
    expect((await lastAudit(laurel, accountId))?.action).not.toBe('account.updated');
  });

  it('is for account admins: a sub-user gets 403 with the reason, another tenant 404', async () => {
    const admin = await registerConfirmedAdmin(laurel, { account_name: 'Kept' });
    const accountId = admin.user.account!.id;
    const body = { name: 'Taken over', url: admin.url, country: 'US' };
    const { client: sub } = await subUser(laurel, accountId, { allow_certificate_set_edits: true, allow_certificate_set_create: true });
    const refused = await put(sub, `/api/accounts/${accountId}`, body);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).errors[0]).toBe('Only an account admin can change the account.');

    const other = await registerConfirmedAdmin(laurel);
    expect((await put(other.client, `/api/accounts/${accountId}`, body)).statusCode).toBe(404);
    expect((await other.client.upload(`/api/accounts/${accountId}/upload`, form(png()))).statusCode).toBe(404);
    expect((await readRow(laurel, accountId)).name).toBe('Kept');
  });
});

describe('the account logo', () => {
  it('is uploaded as a file checked by its content, re-encoded, and removed', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    const uploaded = await admin.client.upload(`/api/accounts/${accountId}/upload`, form(png(), 'logo.txt'));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { imagepath, message } = uploaded.json();
    expect(message).toBe('Image uploaded.');
    expect(imagepath).toMatch(/^\/api\/files\/[\w-]+\.png$/);
    expect((await readRow(laurel, accountId)).imagepath).toBe(imagepath);
    expect((await admin.client.get(imagepath)).headers['content-type']).toBe('image/png');
    expect((await lastAudit(laurel, accountId))?.action).toBe('account.logo_changed');

    const removed = await admin.client.delete(`/api/accounts/${accountId}/upload`);
    expect(removed.json()).toEqual({ imagepath: null, message: 'Logo removed.' });
    expect((await readRow(laurel, accountId)).imagepath).toBeNull();
  });

  it('refuses a file over 2 MB, a file that is not an image, and a sub-user, keeping the logo', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    const first = (await admin.client.upload(`/api/accounts/${accountId}/upload`, form(png()))).json().imagepath;

    const huge = Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024)]);
    const oversize = await admin.client.upload(`/api/accounts/${accountId}/upload`, form(huge));
    expect(oversize.statusCode).toBe(413);
    expect(errorOf(oversize).errors[0]).toBe('The file size may not be greater than 2 MB');

    const html = await admin.client.upload(`/api/accounts/${accountId}/upload`, form(Buffer.from('<html>hi</html>'), 'logo.png'));
    expect(html.statusCode).toBe(400);
    expect(errorOf(html).errors[0]).toBe('The file must be a PNG, JPEG, GIF or WebP image.');

    const { client: sub } = await subUser(laurel, accountId);
    expect((await sub.upload(`/api/accounts/${accountId}/upload`, form(png()))).statusCode).toBe(403);
    expect((await sub.delete(`/api/accounts/${accountId}/upload`)).statusCode).toBe(403);
    expect((await readRow(laurel, accountId)).imagepath).toBe(first);
  });

  it('by address is refused for a private target unless the environment allows them', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    const refused = await admin.client.post(`/api/accounts/${accountId}/upload`, { url: `${imagesBase}/logo.png` });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      errors: ['Image could not be found.', 'That address is not reachable from here.'],
      field: 'url',
    });
    expect((await readRow(laurel, accountId)).imagepath).toBeNull();

    const opened = await registerConfirmedAdmin(open);
    const openId = opened.user.account!.id;
    // Followed through a redirect to the image, as a browser would.
    const fetched = await opened.client.post(`/api/accounts/${openId}/upload`, { url: `${imagesBase}/to-logo` });
    expect(fetched.statusCode, fetched.body).toBe(200);
    const { imagepath } = fetched.json();
    expect((await readRow(open, openId)).imagepath).toBe(imagepath);
    expect((await opened.client.get(imagepath)).headers['content-type']).toBe('image/png');

    // The address as the contract's form field, as the profile screen sends it.
    const byForm = await opened.client.upload(`/api/accounts/${openId}/upload`, [{ name: 'url', value: `${imagesBase}/logo.png` }]);
    expect(byForm.statusCode, byForm.body).toBe(200);
    expect((await readRow(open, openId)).imagepath).toBe(byForm.json().imagepath);
    const empty = await opened.client.upload(`/api/accounts/${openId}/upload`, [{ name: 'url', value: ' ' }]);
    expect(errorOf(empty)).toMatchObject({ errors: ['Logo URL is required.'], field: 'url' });
  });

  it('by address refuses a page, a redirect to another scheme, an oversize body and a bad address', async () => {
    const admin = await registerConfirmedAdmin(open);
    const accountId = admin.user.account!.id;
    const byUrl = (url: string) => admin.client.post(`/api/accounts/${accountId}/upload`, { url });

    const page = await byUrl(`${imagesBase}/page.png`);
    expect(page.statusCode).toBe(400);
    expect(errorOf(page)).toMatchObject({ errors: ['Image could not be found.', expect.any(String)], error_type: 'logo_not_an_image' });

    const toFile = await byUrl(`${imagesBase}/to-file`);
    expect(errorOf(toFile)).toMatchObject({ message: 'Image could not be found.', error_type: 'logo_scheme' });

    const huge = await byUrl(`${imagesBase}/huge.png`);
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).errors[0]).toBe('The file size may not be greater than 2 MB');

    expect(errorOf(await byUrl('ftp://example.com/logo.png')).error_type).toBe('logo_scheme');
    expect(errorOf(await byUrl(`${imagesBase}/missing.png`)).error_type).toBe('logo_status');
    expect(errorOf(await admin.client.post(`/api/accounts/${accountId}/upload`, {})).errors[0]).toBe('Logo URL is required.');
    expect((await readRow(open, accountId)).imagepath).toBeNull();
  });
});

describe('the account image library', () => {
  it('takes images from account admins and designing sub-users, shown to that account only', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const accountId = admin.user.account!.id;
    const other = await registerConfirmedAdmin(laurel);
    const root = new ApiClient(laurel);
    await root.login('root@laurel.test', 'correct horse battery staple');
    const shared = (await root.upload('/api/signatures', form(png(), 'shared.png'))).json();
    expect(shared.account_id).toBeNull();

    const added = await admin.client.upload('/api/signatures', form(png(), 'signature.png'));
    expect(added.statusCode, added.body).toBe(200);
    const own = added.json();
    expect(own.account_id).toBe(accountId);

    const { client: designer } = await subUser(laurel, accountId, { allow_certificate_set_edits: true });
    const byDesigner = (await designer.upload('/api/signatures', form(png(), 'stamp.png'))).json();
    const { client: sender } = await subUser(laurel, accountId);
    const refused = await sender.upload('/api/signatures', form(png()));
    expect(refused.statusCode).toBe(403);

    const ids = async (client: ApiClient) => (await client.get('/api/signatures')).json().signatures.map((s: { id: number }) => s.id);
    expect(await ids(admin.client)).toEqual(expect.arrayContaining([shared.id, own.id, byDesigner.id]));
    expect((await ids(admin.client)).indexOf(shared.id)).toBeLessThan((await ids(admin.client)).indexOf(own.id));
    expect(await ids(other.client)).toContain(shared.id);
    expect(await ids(other.client)).not.toContain(own.id);
    expect(await ids(root)).not.toContain(own.id);

    // Deleting: an account's own images by that account only; everyone's by super-admins only.
    expect((await other.client.delete(`/api/signatures/${own.id}`)).statusCode).toBe(404);
    expect((await admin.client.delete(`/api/signatures/${shared.id}`)).statusCode).toBe(403);
    expect((await sender.delete(`/api/signatures/${own.id}`)).statusCode).toBe(403);
    expect((await root.delete(`/api/signatures/${own.id}`)).statusCode).toBe(404);
    expect((await admin.client.delete(`/api/signatures/${own.id}`)).statusCode).toBe(200);
    const left = await laurel.context.db
      .select({ id: libraryImages.id })
      .from(libraryImages)
      .where(and(eq(libraryImages.account_id, accountId)));
    expect(left.map((row) => row.id)).toEqual([byDesigner.id]);
    expect((await root.delete(`/api/signatures/${shared.id}`)).statusCode).toBe(200);
  });
});

describe('user/pagination', () => {
  it('answers the defaults, keeps one list at a time and refuses unknown lists and sizes', async () => {
    const { client } = await registerConfirmedAdmin(laurel);
    expect((await client.get('/api/user/pagination')).json()).toEqual(DEFAULT_LIST_PAGE_SIZES);

    const kept = await client.post('/api/user/pagination', { type: 'storeProjects', count: 50 });
    expect(kept.json()).toEqual({ ...DEFAULT_LIST_PAGE_SIZES, storeProjects: 50 });
    await client.post('/api/user/pagination', { type: 'sendSelect', count: 10 });
    const both = { ...DEFAULT_LIST_PAGE_SIZES, storeProjects: 50, sendSelect: 10 };
    expect((await client.get('/api/user/pagination')).json()).toEqual(both);
    expect((await client.get('/api/auth/current')).json().pagination).toMatchObject({ storeProjects: 50, sendSelect: 10 });

    const badList = await client.post('/api/user/pagination', { type: 'everything', count: 10 });
    expect(badList.statusCode).toBe(400);
    expect(errorOf(badList).field).toBe('type');
    const badCount = await client.post('/api/user/pagination', { type: 'storeHistory', count: 7 });
    expect(badCount.statusCode).toBe(400);
    expect(errorOf(badCount).errors[0]).toBe('Count: Count must be one of 3, 6, 10, 12, 24, 25, 48, 50, 100.');
    expect((await client.get('/api/user/pagination')).json()).toEqual(both);
    expect((await new ApiClient(laurel).get('/api/user/pagination')).statusCode).toBe(401);
  });
});
