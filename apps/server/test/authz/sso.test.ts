import { SSO_MESSAGES, upgradeMessage } from '@laurel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/api.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';

/**
 * Who may call each single sign-on route (docs/product/sign-in-and-sessions.md), cell by cell. The settings are the
 * account admin's (a super-admin acting as that admin included); everything on the way in and out of
 * an identity provider is public by nature and answers everyone alike. Saving is asked with a
 * certificate that does not parse, so the table changes nothing.
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

const NOT_ALLOWED = { status: 403, message: 'Action not allowed' };
/** Another account's admin, on their own account's free plan. */
const NO_SSO_PLAN = { status: 403, message: upgradeMessage('sso') };
const BAD_CERT = { status: 400, message: SSO_MESSAGES.certInvalid };
const everyone = (cell: number | { status: number; message: string }) => cells(cell, { anonymous: cell });

const form = (client: ApiClient, url: string) => client.call('POST', url, {});

const rows: MatrixRow[] = [
  {
    call: 'GET /api/users/sso-configuration',
    request: (c) => c.get('/api/users/sso-configuration'),
    expected: cells(NOT_ALLOWED, { account_admin: 200, impersonating: 200, other_admin: 200 }),
  },
  {
    call: 'POST /api/users/sso-configuration (a certificate that does not parse)',
    request: (c) =>
      c.post('/api/users/sso-configuration', {
        provider: 'Okta',
        idp_entity_id: 'https://idp.example.test',
        sso_url: 'https://idp.example.test/sso',
        x509_cert: 'not a certificate',
        enabled: true,
      }),
    expected: cells(NOT_ALLOWED, { account_admin: BAD_CERT, impersonating: BAD_CERT, other_admin: NO_SSO_PLAN }),
  },
  {
    call: 'POST /api/sso/login (an address without single sign-on)',
    request: (c) => c.post('/api/sso/login', { email: 'nobody.at.all@example.com' }),
    expected: everyone({ status: 400, message: SSO_MESSAGES.notAvailable }),
  },
  {
    call: 'POST /api/sso/handover (a code never issued)',
    request: (c) => c.post('/api/sso/handover', { code: 'x'.repeat(43) }),
    expected: everyone({ status: 400, message: SSO_MESSAGES.handoverInvalid }),
  },
  {
    call: 'GET /saml/{id}/metadata (an unknown id)',
    request: (c) => c.get('/saml/unknown-configuration-id/metadata'),
    expected: everyone(404),
  },
  {
    call: 'POST /saml/{id}/acs (an unknown id)',
    request: (c) => form(c, '/saml/unknown-configuration-id/acs'),
    expected: everyone(302),
  },
  { call: 'GET /saml/{id}/sls', request: (c) => c.get('/saml/unknown-configuration-id/sls'), expected: everyone(302) },
  { call: 'GET /login/{provider} (not configured)', request: (c) => c.get('/login/google'), expected: everyone(302) },
  {
    call: 'GET /login/{provider}/callback (no state)',
    request: (c) => c.get('/login/google/callback'),
    expected: everyone(302),
  },
];

describe('single sign-on access', () => {
  it('answers each persona as written', async () => {
    expect(await mismatches(rows, cast)).toEqual([]);
  });
});
