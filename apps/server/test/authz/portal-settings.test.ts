import { DEFAULT_PORTAL_SETTINGS, upgradeMessage } from '@laurel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/api.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';

/**
 * Who may call each portal-settings route (docs/product/recipient-portal.md), cell by cell. The persona
 * account is on Enterprise; `other_admin`'s account is on the free plan, so its cells show the plan
 * gate. Sub-users have no part in the portal's look whatever their rights; the public read is open.
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
const NO_PLAN = { status: 403, message: upgradeMessage('portal_customisation') };
/** Only the account's admin (or a super-admin acting as them); everyone else signed in is refused by role. */
const adminsOnly = (admin: number, otherAdmin: typeof NO_PLAN | number = NO_PLAN) =>
  cells(NOT_ALLOWED, { account_admin: admin, impersonating: admin, other_admin: otherAdmin });

const rows: MatrixRow[] = [
  {
    call: 'GET /api/accounts/portal-settings',
    request: (c) => c.get('/api/accounts/portal-settings'),
    // Reading is not gated by plan: the screen shows the settings and the plan notice.
    expected: adminsOnly(200, 200),
  },
  {
    call: 'POST /api/accounts/portal-settings (the defaults)',
    request: (c) => c.post('/api/accounts/portal-settings', { portal_settings: DEFAULT_PORTAL_SETTINGS }),
    expected: adminsOnly(200),
  },
  {
    call: 'POST /api/portal-settings/send-validation-code',
    request: (c) => c.post('/api/portal-settings/send-validation-code', { email: uniqueEmail('support') }),
    expected: adminsOnly(200),
  },
  {
    call: 'POST /api/portal-settings/validate-email (a wrong code)',
    request: (c) => c.post('/api/portal-settings/validate-email', { code: 'not-a-code' }),
    expected: adminsOnly(400),
  },
  {
    call: 'POST /api/accounts/upload-portal-background (a file that is not an image)',
    request: (c) =>
      c.upload('/api/accounts/upload-portal-background?background=1', [{ name: 'file', value: 'not an image', filename: 'bg.png' }]),
    expected: adminsOnly(400),
  },
  {
    call: 'GET /api/portal/portal-settings?account_id=',
    request: (c, { accountId }) => c.get(`/api/portal/portal-settings?account_id=${accountId}`),
    expected: cells(200, { anonymous: 200 }),
  },
];

describe('portal settings access', () => {
  it('each persona gets the written status', async () => {
    expect(await mismatches(rows, cast)).toEqual([]);
  });
});
