import { CUSTOM_DOMAIN_MESSAGES as M } from '@laurel/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';

/**
 * Who may read and change an account's custom portal URL and certificate, and list every custom domain
 * (docs/product/recipient-portal.md#calls). Every call names the persona account; changes are asked in a form refused
 * after the access check (an IP address for a host, a certificate without a URL). The account's admins
 * (and a super-admin acting as one) read and change, super-admins do both for any account; sub-users,
 * who have no part in the portal, are refused even reading, as for the portal settings; another
 * account's admin gets 404.
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

const NOT_MEMBER = { status: 403, message: 'Action not allowed' };
const ADMINS_ONLY = { status: 403, message: M.adminsOnly };
const subUsers = {
  sub_no_rights: ADMINS_ONLY,
  sub_create: ADMINS_ONLY,
  sub_edit: ADMINS_ONLY,
  sub_email: ADMINS_ONLY,
  sub_send: ADMINS_ONLY,
};

const rows: MatrixRow[] = [
  {
    call: 'GET /api/portal/users-domain',
    request: (c, { accountId }) => c.get(`/api/portal/users-domain?account_id=${accountId}`),
    expected: cells(200, { ...subUsers, portal_user: NOT_MEMBER, other_admin: 404 }),
  },
  {
    call: 'GET /api/portal/users-domain (no account named: the caller’s own)',
    request: (c) => c.get('/api/portal/users-domain'),
    // The super-admin belongs to no account and must name one.
    expected: cells(200, { ...subUsers, portal_user: NOT_MEMBER, global_admin: { status: 400, message: M.chooseAccount } }),
  },
  {
    call: "GET /api/portal/users-domain (another account's id)",
    request: (c, { otherAccountId }) => c.get(`/api/portal/users-domain?account_id=${otherAccountId}`),
    expected: cells(404, { portal_user: NOT_MEMBER, global_admin: 200, other_admin: 200 }),
  },
  {
    call: 'POST /api/portal/users-domain (an IP address)',
    request: (c, { accountId }) => c.post('/api/portal/users-domain', { account_id: accountId, host: '192.0.2.7' }),
    expected: cells({ status: 400, message: M.hostIp }, { ...subUsers, portal_user: NOT_MEMBER, other_admin: 404 }),
  },
  {
    call: 'POST /api/portal-ssl-certificate (no custom URL yet)',
    request: (c, { accountId }) =>
      c.post('/api/portal-ssl-certificate', { account_id: accountId, ssl: { certificate: 'x', certificate_key: 'y' } }),
    expected: cells({ status: 400, message: M.urlRequiredForSsl }, { ...subUsers, portal_user: NOT_MEMBER, other_admin: 404 }),
  },
  {
    call: 'POST /api/remove-portal-ssl-certificate (none)',
    request: (c, { accountId }) => c.post('/api/remove-portal-ssl-certificate', { account_id: accountId }),
    expected: cells(200, { ...subUsers, portal_user: NOT_MEMBER, other_admin: 404 }),
  },
  {
    call: 'GET /api/custom-domains',
    request: (c) => c.get('/api/custom-domains'),
    expected: cells(NOT_MEMBER, { global_admin: 200 }),
  },
];

it('answers each persona as the access table says', async () => {
  expect(await mismatches(rows, cast)).toEqual([]);
});
