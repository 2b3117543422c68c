import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, recipients, users } from '../../src/db/schema.ts';
import type { ApiClient } from '../helpers/api.ts';
import { uniqueEmail } from '../helpers/api.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';
import { saveProject } from '../helpers/store-fixtures.ts';

/**
 * Who may call each route of the recipient portal (docs/product/sign-in-and-sessions.md#calls "Login and portals") and the issuer's actions
 * on portal sign-ins (docs/product/sign-in-and-sessions.md#calls "Send and projects"), cell by cell. The portal's calls are asked on the account's
 * portal host, the issuer's on the main host. None of the personas holds a certificate of the account:
 * the holder's own rights are in recipient-portal.test.ts.
 */

let laurel: TestLaurel;
let cast: Cast;
let portalHost: string;
let recipientId: number;
/** A portal sign-in of a recipient of the account, the target of the issuer's actions. */
let recipientUserId: number;
const holder = uniqueEmail('holder');

beforeAll(async () => {
  laurel = await startTestLaurel();
  cast = await castPersonas(laurel);
  const [account] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, cast.accountId));
  portalHost = `${account!.url}.laurel.test`;
  const set = await cast.clients.account_admin.post('/api/certificates', {
    name: 'Seamanship',
    elements: [
      { type: 'name', content: '[FIRST NAME] [LAST NAME]', styles: { left: '35px', top: '200px', width: '570px', height: '40px' } },
    ],
  });
  expect(set.statusCode, set.body).toBe(200);
  await saveProject(cast.clients.account_admin, set.json().id, 'Access', [{ first: 'Hana', last: 'Holder', email: holder }]);
  // Issued without spending credits: the table is about access, not delivery.
  const [row] = await laurel.context.db
    .update(recipients)
    .set({ state: 'sent', sent_at: new Date() })
    .where(eq(recipients.email, holder))
    .returning();
  recipientId = row!.id;
  const [user] = await laurel.context.db.insert(users).values({ email: holder, username: holder, roles: [] }).returning();
  recipientUserId = user!.id;
}, 120_000);
afterAll(async () => {
  await laurel?.close();
});

const onPortal = (c: ApiClient) => c.withHost(portalHost);
const stranger = encodeURIComponent('nobody.at.all@example.com');
const NOT_YOURS = 404;

const portalRows: MatrixRow[] = [
  {
    call: 'GET /api/accounts/portal/account',
    request: (c) => onPortal(c).get('/api/accounts/portal/account'),
    expected: cells(200, { anonymous: 200 }),
  },
  {
    call: 'GET /api/recipient-exists/{email}',
    request: (c) => onPortal(c).get(`/api/recipient-exists/${stranger}`),
    expected: cells(200, { anonymous: 200 }),
  },
  {
    call: 'GET /api/recipient-portal/{email} (the account requires a sign-in)',
    request: (c) => onPortal(c).get(`/api/recipient-portal/${encodeURIComponent(holder)}`),
    expected: cells(403, { anonymous: 403 }),
  },
  {
    call: 'GET /api/recipients/{accountId}/projects/{email} (the account requires a sign-in)',
    request: (c, { accountId }) => c.get(`/api/recipients/${accountId}/projects/${encodeURIComponent(holder)}`),
    expected: cells(403, { anonymous: 403 }),
  },
  {
    call: "GET /api/portal/credentials/{email} (the holder's address)",
    request: (c) => onPortal(c).get(`/api/portal/credentials/${encodeURIComponent(holder)}`),
    expected: cells(403),
  },
  {
    call: "POST /api/recipients/update-memo (the holder's certificate)",
    request: (c) => onPortal(c).post('/api/recipients/update-memo', { recipient: { id: recipientId, memo: 'not mine' } }),
    expected: cells(NOT_YOURS),
  },
  {
    call: "POST /api/portal/certificates/{id}/email (the holder's certificate)",
    request: (c) => onPortal(c).post(`/api/portal/certificates/${recipientId}/email`, {}),
    expected: cells(NOT_YOURS),
  },
];

const ADMINS_ONLY = { status: 403, message: 'Action not allowed' };
/** The super-admin of the cast belongs to no account: issuer actions need one. */
const issuerCells = (admin: number) => cells(ADMINS_ONLY, { account_admin: admin, impersonating: admin, other_admin: 404 });

const issuerRows: MatrixRow[] = [
  {
    call: 'GET /api/recipients/{id}/portal-login',
    request: (c) => c.get(`/api/recipients/${recipientId}/portal-login`),
    expected: issuerCells(200),
  },
  {
    call: 'POST /api/accounts/confirm-recipient-user',
    request: (c) => c.post('/api/accounts/confirm-recipient-user', { user_id: recipientUserId }),
    expected: issuerCells(200),
  },
  {
    call: 'POST /api/accounts/password-change/{userId} (passwords that differ)',
    request: (c) =>
      c.post(`/api/accounts/password-change/${recipientUserId}`, {
        password: 'harbour-lights-at-dusk-7',
        password_confirmation: 'harbour-lights-at-dusk-8',
      }),
    expected: issuerCells(400),
  },
  {
    call: 'POST /api/accounts/delete-recipient-user (a sub-user of the account: not a portal sign-in)',
    request: (c, { subUserId }) => c.post('/api/accounts/delete-recipient-user', { user_id: subUserId }),
    expected: issuerCells(404),
  },
];

describe('recipient portal access', () => {
  it('answers each persona as the table says, on the portal host', async () => {
    expect(await mismatches(portalRows, cast)).toEqual([]);
  });

  it("answers each persona as the table says for the issuer's actions on portal sign-ins", async () => {
    expect(await mismatches(issuerRows, cast)).toEqual([]);
  });
});
