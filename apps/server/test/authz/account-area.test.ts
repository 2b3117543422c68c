import { ACCOUNT_MESSAGES } from '@laurel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { uniqueEmail } from '../helpers/api.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';

/**
 * Who may call each route of the account area (docs/product/sign-in-and-sessions.md#screens, docs/product/sign-in-and-sessions.md#calls), written down cell by cell. Calls that
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
const ACCOUNT_ADMINS_ONLY = { status: 403, message: ACCOUNT_MESSAGES.adminsOnly };
/** Another account's admin acting on their own account, whose free plan has no team members. */
const NO_TEAM_PLAN = { status: 403, message: 'Action not allowed' };

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

/** A fresh sub-user of the persona account, for calls that remove or change the user they name. */
async function freshSubUser(): Promise<number> {
  const email = uniqueEmail('target');
  const [row] = await laurel.context.db
    .insert(users)
    .values({ email, username: email, roles: ['account_user'], account_id: cast.accountId, confirmed_at: new Date() })
    .returning({ id: users.id });
  return row!.id;
}

const accountInfo: MatrixRow[] = [
  {
    call: 'GET /api/accounts/{id}',
    request: (c, { accountId }) => c.get(`/api/accounts/${accountId}`),
    expected: cells(200, { portal_user: 404, other_admin: 404 }),
  },
  {
    call: 'PUT /api/accounts/{id} (the values it has)',
    request: async (c, { accountId, clients }) => {
      const { name, url, country, state } = (await clients.account_admin.get(`/api/accounts/${accountId}`)).json();
      return c.call('PUT', `/api/accounts/${accountId}`, { name, url, country, state });
    },
    expected: cells(ACCOUNT_ADMINS_ONLY, { account_admin: 200, impersonating: 200, global_admin: 200, portal_user: 404, other_admin: 404 }),
  },
  {
    call: 'POST /api/accounts/{id}/upload (a logo address that is not http)',
    request: (c, { accountId }) => c.post(`/api/accounts/${accountId}/upload`, { url: 'ftp://logo.example/logo.png' }),
    expected: cells(ACCOUNT_ADMINS_ONLY, { account_admin: 400, impersonating: 400, global_admin: 400, portal_user: 404, other_admin: 404 }),
  },
  {
    call: 'DELETE /api/accounts/{id}/upload (no logo)',
    request: (c, { accountId }) => c.delete(`/api/accounts/${accountId}/upload`),
    expected: cells(ACCOUNT_ADMINS_ONLY, { account_admin: 200, impersonating: 200, global_admin: 200, portal_user: 404, other_admin: 404 }),
  },
  {
    call: 'GET /api/user/pagination',
    request: (c) => c.get('/api/user/pagination'),
    expected: cells(200),
  },
  {
    call: 'POST /api/user/pagination',
    request: (c) => c.post('/api/user/pagination', { type: 'storeProjects', count: 25 }),
    expected: cells(200),
  },
  {
    call: 'GET /api/admin/version',
    request: (c) => c.get('/api/admin/version'),
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, global_admin: 200, other_admin: 200 }),
  },
  {
    call: 'GET /api/tutorial-videos',
    request: (c) => c.get('/api/tutorial-videos'),
    expected: cells(200),
  },
  {
    call: 'PUT /api/admin/tutorial-videos (none)',
    request: (c) => c.call('PUT', '/api/admin/tutorial-videos', { videos: [] }),
    expected: cells(ADMINS_ONLY, { global_admin: 200 }),
  },
];

const DESIGN_RIGHT = { status: 403, message: /^You are not allowed to / };

const imageLibrary: MatrixRow[] = [
  {
    call: 'GET /api/signatures',
    request: (c) => c.get('/api/signatures'),
    // Everyone signed in picks from the shared library; only members see their account's own images.
    expected: cells(200),
  },
  {
    call: 'POST /api/signatures (a file that is not an image)',
    request: (c) => c.upload('/api/signatures', [{ name: 'file', value: 'not an image', filename: 'logo.png' }]),
    expected: cells(400, { portal_user: ADMINS_ONLY, sub_no_rights: DESIGN_RIGHT, sub_email: DESIGN_RIGHT, sub_send: DESIGN_RIGHT }),
  },
  {
    call: 'DELETE /api/signatures/{id} (none such)',
    request: (c) => c.delete('/api/signatures/2000000000'),
    expected: cells(404, { portal_user: ADMINS_ONLY, sub_no_rights: DESIGN_RIGHT, sub_email: DESIGN_RIGHT, sub_send: DESIGN_RIGHT }),
  },
];

const team: MatrixRow[] = [
  {
    call: 'GET /api/accounts/{id}/users',
    request: (c, { accountId }) => c.get(`/api/accounts/${accountId}/users?page=1&limit=10`),
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, global_admin: 200, other_admin: 404 }),
  },
  {
    call: 'POST /api/users/0/add-account-user',
    request: (c) =>
      c.post('/api/users/0/add-account-user', { user: { email: uniqueEmail('invitee'), first_name: 'New', last_name: 'Colleague' } }),
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: NO_TEAM_PLAN }),
  },
  {
    call: 'POST /api/users/{id}/update-account-user',
    request: (c, { subUserId }) =>
      c.post(`/api/users/${subUserId}/update-account-user`, {
        user: { first_name: 'Sam', last_name: 'Sub', allow_all_certificate_sets: false, allowed_certificate_sets: [] },
      }),
    // Refused by the form rule ('At least one must be checked.') for everyone signed in: it changes nothing either way.
    expected: cells({ status: 400, message: /At least one must be checked\.$/ }),
  },
  {
    call: 'POST /api/users/{id}/delete-account-user',
    request: async (c) => c.post(`/api/users/${await freshSubUser()}/delete-account-user`),
    // Deleting and deactivating need no plan (an account that lost its plan can still get under the limits).
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: 404 }),
  },
  {
    call: 'POST /api/users/toggle-active',
    request: async (c) => c.post('/api/users/toggle-active', { user_id: await freshSubUser(), active: false }),
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: 404 }),
  },
  {
    call: 'GET /api/projects/user-projects',
    request: (c, { subUserEmail }) => c.get(`/api/projects/user-projects?user_email=${encodeURIComponent(subUserEmail)}`),
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: NO_TEAM_PLAN }),
  },
  {
    call: 'POST /api/projects/transfer-projects (a project the user does not have)',
    request: (c, { subUserId, adminUserId }) =>
      c.post('/api/projects/transfer-projects', { source_user: subUserId, target_user: adminUserId, projects: [2_000_000_000] }),
    expected: cells(ADMINS_ONLY, {
      account_admin: { status: 400, message: 'Only projects of the source user can be transferred.' },
      impersonating: { status: 400, message: 'Only projects of the source user can be transferred.' },
      other_admin: NO_TEAM_PLAN,
    }),
  },
  {
    call: 'POST /api/users/{id}/account-user-impersonate',
    request: (c, { subUserId }) => c.post(`/api/users/${subUserId}/account-user-impersonate`),
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: 404 }),
  },
];

const emailSettings: MatrixRow[] = [
  {
    call: 'POST /api/accounts/email-settings',
    request: (c) => c.post('/api/accounts/email-settings'),
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: 200 }),
  },
  {
    call: "POST /api/accounts/update-email-settings (the product's server)",
    request: (c, { accountId }) =>
      c.post('/api/accounts/update-email-settings', { account_id: accountId, email_settings: { custom_smtp: false } }),
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: 404 }),
  },
  {
    call: 'POST /api/accounts/{id}/email-connection-test (no own server)',
    request: (c, { accountId }) => c.post(`/api/accounts/${accountId}/email-connection-test`),
    // A test that ran and failed (no own server saved) is a 200 with success: false.
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: 404 }),
  },
  {
    call: 'POST /api/users/gmail-auth-disconnect',
    request: (c) => c.post('/api/users/gmail-auth-disconnect'),
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: 200 }),
  },
  {
    call: 'POST /api/users/microsoft-auth-disconnect',
    request: (c) => c.post('/api/users/microsoft-auth-disconnect'),
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: 200 }),
  },
  {
    call: 'POST /api/email-settings/oauth/gmail/start (not configured)',
    request: (c) => c.post('/api/email-settings/oauth/gmail/start'),
    expected: cells(ADMINS_ONLY, { account_admin: 400, impersonating: 400, other_admin: 400 }),
  },
];

const deletion: MatrixRow[] = [
  {
    call: 'GET /api/accounts/{id}/deletion-summary',
    request: (c, { accountId }) => c.get(`/api/accounts/${accountId}/deletion-summary`),
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: 404 }),
  },
  {
    call: 'DELETE /api/accounts/{id} (a wrong password)',
    request: (c, { accountId }) => c.call('DELETE', `/api/accounts/${accountId}`, { password: 'not-the-password' }),
    expected: cells(ADMINS_ONLY, { account_admin: { status: 403, message: 'Wrong password' }, impersonating: ACTING, other_admin: 404 }),
  },
  {
    call: 'POST /api/users/change-portal-user-name',
    request: (c) => c.post('/api/users/change-portal-user-name', { first_name: 'Pat', last_name: 'Lee' }),
    expected: cells(403, { portal_user: 200 }),
  },
  // Last: the portal user's sign-in is gone after it.
  {
    call: 'POST /api/users/delete-portal-user',
    request: (c) => c.post('/api/users/delete-portal-user'),
    expected: cells(403, { portal_user: 200 }),
  },
];

describe('account area access', () => {
  it('account info, page sizes, updates and tutorial videos', async () => {
    expect(await mismatches(accountInfo, cast)).toEqual([]);
  });

  it("the account's image library", async () => {
    expect(await mismatches(imageLibrary, cast)).toEqual([]);
  });

  it('managing users', async () => {
    expect(await mismatches(team, cast)).toEqual([]);
  });

  it('email settings', async () => {
    expect(await mismatches(emailSettings, cast)).toEqual([]);
  });

  it('sign-in security: password and email', async () => {
    expect(await mismatches(signIn, cast)).toEqual([]);
  });

  it('two-factor authentication', async () => {
    expect(await mismatches(twoFactor, cast)).toEqual([]);
  });
  it('deleting the account, portal users (last: it removes the portal user)', async () => {
    expect(await mismatches(deletion, cast)).toEqual([]);
  });
});
