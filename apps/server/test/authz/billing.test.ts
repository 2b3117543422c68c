import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, type Cell, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';

/**
 * Who may call what the billing screens call (docs/product/billing-and-credits.md#who-may-do-what: billing is the account
 * admin's), cell by cell. A sub-user is refused every one of them, whatever their rights, which is why the web neither
 * lists nor opens those screens for them (`BILLING_PATHS`). Card payments are not set up here: past the access
 * check the calls answer as the manual provider does.
 */

let laurel: TestLaurel;
let cast: Cast;
beforeAll(async () => {
  laurel = await startTestLaurel();
  cast = await castPersonas(laurel);
});
afterAll(async () => {
  await laurel?.close();
});

const BILLING_ADMINS_ONLY = { status: 403, message: 'Only an account admin can manage billing.' };
const NOT_A_MEMBER = { status: 403, message: 'Action not allowed' };
const NO_PAYMENTS = { status: 503, message: 'Card payments are not set up on this installation.' };

/**
 * The account admin (also when a super-admin acts as them) gets `admin`; every sub-user is refused whatever their
 * rights; someone of no account is not a member; another account's admin finds no such account when the path names
 * one (`byId`), and their own billing otherwise.
 */
const adminsOnly = (admin: Cell, byId: boolean) =>
  cells(BILLING_ADMINS_ONLY, {
    account_admin: admin,
    impersonating: admin,
    portal_user: NOT_A_MEMBER,
    global_admin: NOT_A_MEMBER,
    other_admin: byId ? 404 : admin,
  });

const rows: MatrixRow[] = [
  {
    call: 'GET /api/accounts/{id}/billing',
    request: (c, { accountId }) => c.get(`/api/accounts/${accountId}/billing`),
    expected: adminsOnly(200, true),
  },
  {
    call: 'PUT /api/accounts/{id}/billing',
    request: (c, { accountId }) => c.call('PUT', `/api/accounts/${accountId}/billing`, { name: 'Ada Lovelace' }),
    expected: adminsOnly(NO_PAYMENTS, true),
  },
  {
    call: 'DELETE /api/accounts/{id}/billing',
    request: (c, { accountId }) => c.delete(`/api/accounts/${accountId}/billing`),
    expected: adminsOnly(NO_PAYMENTS, true),
  },
  {
    call: 'DELETE /api/accounts/{id}/subscriptions',
    request: (c, { accountId }) => c.delete(`/api/accounts/${accountId}/subscriptions`),
    expected: adminsOnly(NO_PAYMENTS, true),
  },
  {
    call: 'GET /api/accounts/{id}/coupon/{code}',
    request: (c, { accountId }) => c.get(`/api/accounts/${accountId}/coupon/SPRING`),
    expected: adminsOnly(NO_PAYMENTS, true),
  },
  {
    call: 'GET /api/account/invoices',
    request: (c) => c.get('/api/account/invoices'),
    expected: adminsOnly(200, false),
  },
  {
    call: 'GET /api/accounts/account-subscription',
    request: (c) => c.get('/api/accounts/account-subscription'),
    expected: adminsOnly(200, false),
  },
  {
    call: 'POST /api/accounts/billing-redirects',
    request: (c) => c.post('/api/accounts/billing-redirects', { target: 'billing-portal' }),
    expected: adminsOnly(200, false),
  },
  {
    call: 'GET /api/accounts/{id}/automatic-purchases',
    request: (c, { accountId }) => c.get(`/api/accounts/${accountId}/automatic-purchases`),
    expected: adminsOnly(200, true),
  },
  {
    call: 'PUT /api/accounts/{id}/automatic-purchases',
    request: (c, { accountId }) =>
      c.call('PUT', `/api/accounts/${accountId}/automatic-purchases`, { enabled: false, credits: 150, threshold: 10 }),
    expected: adminsOnly(200, true),
  },
];

it('answers each persona as the access table says', async () => {
  expect(await mismatches(rows, cast)).toEqual([]);
});
