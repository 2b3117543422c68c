import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';

/**
 * Who may call each route of the account area (spec 1 §2–§7), written down cell by cell. Calls that
 * change something are asked in a form that is refused after the access check (a wrong code, an
 * unchanged value), so one cast of personas serves the whole table.
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

const ACTING = { status: 403, message: 'Not available while acting as another user.' };
const ADMINS_ONLY = { status: 403, message: 'Action not allowed' };

const twoFactor: MatrixRow[] = [
  {
    call: 'POST /api/users/google-2fa-key',
    request: (c) => c.post('/api/users/google-2fa-key'),
    expected: cells(200, { impersonating: ACTING }),
  },
  {
    call: 'POST /api/users/enable-google-2fa (a wrong code)',
    request: (c) => c.post('/api/users/enable-google-2fa', { pin_code: '000000' }),
    expected: cells({ status: 400, message: 'Wrong pin code' }, { impersonating: ACTING }),
  },
  {
    call: 'POST /api/users/disable-google-2fa (two-factor off)',
    request: (c) => c.post('/api/users/disable-google-2fa', { pin_code: '000000' }),
    expected: cells(400, { impersonating: ACTING }),
  },
  {
    call: 'PUT /api/accounts/{id}/two-factor-policy (unchanged: off)',
    request: (c, { accountId }) => c.call('PUT', `/api/accounts/${accountId}/two-factor-policy`, { require_two_factor: false }),
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: 404 }),
  },
];

/** A persona's own user id: these calls act on the caller only, and another id is a 404. */
const selfId = async (c: import('../helpers/api.ts').ApiClient) => (await c.get('/api/auth/current')).json<{ id?: number }>().id ?? 0;

const signIn: MatrixRow[] = [
  {
    call: 'POST /api/users/{id}/update-password (a wrong old password)',
    request: async (c) =>
      c.post(`/api/users/${await selfId(c)}/update-password`, { oldPassword: 'not-it-at-all', newPassword: 'another-long-passphrase-7' }),
    expected: cells(400, { impersonating: ACTING }),
  },
  {
    call: "POST /api/users/{id}/update-password (another user's id)",
    request: (c, { otherAdminUserId }) =>
      c.post(`/api/users/${otherAdminUserId}/update-password`, { oldPassword: 'not-it-at-all', newPassword: 'another-long-passphrase-7' }),
    expected: cells(404, { anonymous: 401, other_admin: 400 }),
  },
  {
    call: 'POST /api/users/{id}/update-email (a wrong code)',
    request: async (c) =>
      c.post(`/api/users/${await selfId(c)}/update-email`, { new_email: 'new@laurel.test', email_confirmation_code: '123456' }),
    expected: cells(400, { impersonating: ACTING }),
  },
];

describe('account area access', () => {
  it('sign-in security: password and email', async () => {
    expect(await mismatches(signIn, cast)).toEqual([]);
  });

  it('two-factor authentication', async () => {
    expect(await mismatches(twoFactor, cast)).toEqual([]);
  });
});
