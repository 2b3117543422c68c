import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let accountId: number;
const setIds: number[] = [];

const ELEMENTS = [
  { type: 'name', content: '[FIRST NAME] [LAST NAME]', styles: { left: '35px', top: '200px', width: '570px', height: '40px' } },
  { type: 'dynamicText', content: 'for completing [COURSE]', styles: { left: '120px', top: '260px', width: '400px', height: '30px' } },
];

beforeAll(async () => {
  laurel = await startTestLaurel();
  admin = await registerConfirmedAdmin(laurel);
  accountId = admin.user.account!.id;
  await laurel.context.db.update(accounts).set({ allowed_sets: 10 }).where(eq(accounts.id, accountId));
  for (const name of ['Seamanship', 'Navigation', 'First Aid', 'Radio Operator']) {
    const expiring = name === 'First Aid';
    const body = {
      name,
      ...(expiring ? { expiration_date_format: 'DD/MM/YYYY' } : {}),
      elements: [
        ...ELEMENTS,
        ...(expiring
          ? [
              {
                type: 'expiration_date',
                content: '[EXPIRATION_DATE]',
                styles: { left: '120px', top: '320px', width: '300px', height: '30px' },
              },
            ]
          : []),
      ],
    };
    const created = await admin.client.post('/api/certificates', body);
    expect(created.statusCode).toBe(200);
    setIds.push(created.json().id);
  }
});
afterAll(async () => {
  await laurel?.close();
});

describe('GET /api/certificates/send_select/:accountId', () => {
  it('pages the account’s sets three at a time, with thumbnails and the fields an import fills', async () => {
    const first = await admin.client.get(`/api/certificates/send_select/${accountId}`);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.count).toBe(4);
    expect(page.certificates).toHaveLength(3);
    const second = (await admin.client.get(`/api/certificates/send_select/${accountId}?limit=3&offset=3`)).json();
    expect(second.certificates).toHaveLength(1);
    const all = [...page.certificates, ...second.certificates];
    expect(new Set(all.map((c: { id: number }) => c.id))).toEqual(new Set(setIds));

    const firstAid = all.find((c: { name: string }) => c.name === 'First Aid');
    expect(firstAid).toMatchObject({ expiration_date_format: 'DD/MM/YYYY', format: 'Letter', is_portrait: false });
    expect(firstAid.fields.map((f: { key: string }) => f.key)).toEqual([
      'FIRST_NAME',
      'LAST_NAME',
      'FIRST_NAME LAST_NAME',
      'Email Address',
      'EXPIRATION_DATE',
      'COURSE',
    ]);
    expect(firstAid.fields.find((f: { key: string }) => f.key === 'FIRST_NAME LAST_NAME')).toMatchObject({
      kind: 'full_name',
      optional: true,
    });
    expect(all.find((c: { name: string }) => c.name === 'Navigation').expiration_date_format).toBeNull();

    // The thumbnail link is signed: an <img> without the session header can load it.
    const image = await new ApiClient(laurel).get(firstAid.image);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('is a 404 for another account’s id, and needs a sign-in', async () => {
    const stranger = await registerConfirmedAdmin(laurel);
    const refused = await stranger.client.get(`/api/certificates/send_select/${accountId}`);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).errors[0]).toBe('Error 404. Page not found.');
    expect((await stranger.client.get(`/api/certificates/send_select/${stranger.user.account!.id}`)).json()).toEqual({
      certificates: [],
      count: 0,
    });
    expect((await new ApiClient(laurel).get(`/api/certificates/send_select/${accountId}`)).statusCode).toBe(401);
  });

  it('shows a sub-user only the sets they may send', async () => {
    const email = uniqueEmail('sender');
    await laurel.context.db.insert(users).values({
      account_id: accountId,
      email,
      username: email,
      roles: ['account_user'],
      confirmed_at: new Date(),
      password_hash: await hashPassword(GOOD_PASSWORD),
      allow_all_certificate_sets: false,
      allowed_certificate_sets: [setIds[1]!],
    });
    const sub = new ApiClient(laurel);
    await sub.login(email, GOOD_PASSWORD);
    const page = (await sub.get(`/api/certificates/send_select/${accountId}`)).json();
    expect(page).toMatchObject({ count: 1, certificates: [{ id: setIds[1], name: 'Navigation' }] });
  });
});

describe('POST /api/certificates/:id/recipient-email-preview', () => {
  it('composes the set’s email with one row’s values and a link to that row’s certificate', async () => {
    const response = await admin.client.post(`/api/certificates/${setIds[0]}/recipient-email-preview`, {
      recipient: { FIRST_NAME: 'Zoë', LAST_NAME: 'Okafor', 'Email Address': 'zoe@example.com', COURSE: 'Coastal Skipper' },
      sender_name: 'Harbour Academy',
    });
    expect(response.statusCode).toBe(200);
    const email = response.json();
    expect(email.to).toContain('zoe@example.com');
    expect(email.from).toContain('Harbour Academy');
    expect(email.text).toContain('Zoë');
    const link = /http:\/\/laurel\.test(\/api\/certificates\/\d+\/pdf\?[^\s"<>]+)/.exec(email.text)?.[1];
    expect(link).toBeDefined();
    const pdf = await new ApiClient(laurel).get(link!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('refuses an address that cannot be mailed, and another account’s set', async () => {
    const bad = await admin.client.post(`/api/certificates/${setIds[0]}/recipient-email-preview`, {
      recipient: { FIRST_NAME: 'A', LAST_NAME: 'B', 'Email Address': 'not an address' },
    });
    expect(bad.statusCode).toBe(400);
    const stranger = await registerConfirmedAdmin(laurel);
    expect((await stranger.client.post(`/api/certificates/${setIds[0]}/recipient-email-preview`, { recipient: {} })).statusCode).toBe(404);
  });
});
