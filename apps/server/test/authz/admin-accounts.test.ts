import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';

/**
 * Who may call each route of the super-admin's accounts console (docs/product/super-admin.md#calls Super-admin): the
 * super-admin alone. A super-admin acting as the account's admin is that admin here, so 403 too.
 * Calls that change something name an account or user that does not exist, so the super-admin's
 * cell is the 404 (or refusal) that comes after the access check and nothing changes.
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

const ADMINS_ONLY = { status: 403, message: 'Action not allowed' };
const NONE = 2_000_000_000;
const superOnly = (superAdmin: Parameters<typeof cells>[0]) => cells(ADMINS_ONLY, { global_admin: superAdmin });

const rows: MatrixRow[] = [
  { call: 'GET /api/accounts/filter', request: (c) => c.get('/api/accounts/filter?limit=5'), expected: superOnly(200) },
  { call: 'GET /api/accounts/superadmin', request: (c) => c.get('/api/accounts/superadmin?like=acct'), expected: superOnly(200) },
  {
    call: 'GET /api/accounts/{id}/audit',
    request: (c, { accountId }) => c.get(`/api/accounts/${accountId}/audit`),
    expected: superOnly(200),
  },
  {
    call: 'PUT /api/accounts/{id}/admin-update (none such)',
    request: (c) => c.call('PUT', `/api/accounts/${NONE}/admin-update`, { add_credits: 5 }),
    expected: superOnly(404),
  },
  { call: 'GET /api/trigger-refills', request: (c) => c.get('/api/trigger-refills'), expected: superOnly(200) },
  { call: 'GET /api/plans', request: (c) => c.get('/api/plans'), expected: superOnly(200) },
  {
    call: 'PUT /api/accounts/{id}/admin-update-plan (none such)',
    request: (c) => c.call('PUT', `/api/accounts/${NONE}/admin-update-plan`, { plan: null }),
    expected: superOnly(404),
  },
  {
    call: 'PUT /api/accounts/admin-update-plan (none such)',
    request: (c) => c.call('PUT', '/api/accounts/admin-update-plan', { account: NONE, plan: null }),
    expected: superOnly(404),
  },
  {
    call: 'DELETE /api/accounts/admin-destroy-subscription/{id} (none such)',
    request: (c) => c.delete(`/api/accounts/admin-destroy-subscription/${NONE}`),
    expected: superOnly(404),
  },
  {
    call: 'PUT /api/account-notifys/{id} (none such)',
    request: (c) => c.call('PUT', `/api/account-notifys/${NONE}`, { notify_days: [10] }),
    expected: superOnly(404),
  },
  {
    call: 'POST /api/accounts/recipients-no-login (none such)',
    request: (c) => c.post('/api/accounts/recipients-no-login', { account_id: NONE, recipients_no_login: true }),
    expected: superOnly(404),
  },
  {
    call: 'POST /api/send-email-accounts (no such account)',
    request: (c) => c.post('/api/send-email-accounts', { account_ids: [NONE], subject: 'Hello', message: 'Hi' }),
    expected: superOnly(400),
  },
  {
    call: 'POST /api/reset-freetrial (none such)',
    request: (c) => c.post('/api/reset-freetrial', { account_id: NONE }),
    expected: superOnly(404),
  },
  {
    call: 'DELETE /api/delete-account (none such)',
    request: (c) => c.call('DELETE', '/api/delete-account', { account_id: NONE }),
    expected: superOnly(404),
  },
  {
    call: 'POST /api/ban-account (none such)',
    request: (c) => c.post('/api/ban-account', { account_id: NONE, ban: true }),
    expected: superOnly(404),
  },
  {
    call: 'POST /api/users/{id}/password-change (none such)',
    request: (c) => c.post(`/api/users/${NONE}/password-change`, { password: 'granite-harbour-evening-77' }),
    expected: superOnly(404),
  },
  { call: 'POST /api/confirm-user (none such)', request: (c) => c.post('/api/confirm-user', { user_id: NONE }), expected: superOnly(404) },
  {
    call: 'POST /api/update-account-billing-information (none such)',
    request: (c) => c.post('/api/update-account-billing-information', { account_id: NONE }),
    expected: superOnly(404),
  },
  {
    call: 'POST /api/users/{id}/impersonate (none such)',
    request: (c) => c.post(`/api/users/${NONE}/impersonate`),
    expected: superOnly(404),
  },
];

describe('super-admin accounts console access', () => {
  it('every route answers the super-admin only', async () => {
    expect(await mismatches(rows, cast)).toEqual([]);
  });
});
