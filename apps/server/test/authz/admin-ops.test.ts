import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';

/**
 * Who may call the super-admin's operations screens (docs/product/super-admin.md#screens, docs/product/super-admin.md#calls "Super-admin"),
 * the outbox and the activity log among them: the super-admin only;
 * everyone else signed in gets 403, an admin acting as another user included. Calls that change something
 * are asked in a form refused after the access check (an unknown id), so nothing changes.
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
const superAdminOnly = (status: number) => cells(NOT_ALLOWED, { global_admin: status });

const rows: MatrixRow[] = [
  {
    call: 'GET /api/projects/superadmin',
    request: (c, { accountId }) => c.get(`/api/projects/superadmin?account_id=${accountId}`),
    expected: superAdminOnly(200),
  },
  {
    call: 'POST /api/projects/superadmin-update-resend-attempts (an unknown project)',
    request: (c) => c.post('/api/projects/superadmin-update-resend-attempts', { project_id: 999_999, resend_attempts: 6 }),
    expected: superAdminOnly(404),
  },
  {
    call: 'PUT /api/projects/{id}/recover (an unknown project)',
    request: (c) => c.call('PUT', '/api/projects/999999/recover'),
    expected: superAdminOnly(404),
  },
  {
    call: 'DELETE /api/projects/{id}?permanently=1 (an unknown project)',
    request: (c) => c.delete('/api/projects/999999?permanently=1'),
    expected: superAdminOnly(404),
  },
  {
    call: 'GET /api/get-payg-log',
    request: (c) => c.get('/api/get-payg-log?dateStart=2021-01-01&dateEnd=2021-01-31'),
    expected: superAdminOnly(200),
  },
  {
    call: 'PUT /api/styles/sort (an unknown template)',
    request: (c) => c.call('PUT', '/api/styles/sort', { sort: [{ id: 999_999, sorting: 0 }] }),
    expected: superAdminOnly(404),
  },
  { call: 'GET /api/admin/outbox', request: (c) => c.get('/api/admin/outbox?view=certificate'), expected: superAdminOnly(200) },
  { call: 'GET /api/admin/outbox/{id} (none such)', request: (c) => c.get('/api/admin/outbox/999999999'), expected: superAdminOnly(404) },
  {
    call: 'GET /api/admin/activity',
    request: (c, { accountId }) => c.get(`/api/admin/activity?kind=sends&account_id=${accountId}`),
    expected: superAdminOnly(200),
  },
  {
    call: 'POST /api/uploads (no file)',
    request: (c) => c.upload('/api/uploads', [{ name: 'note', value: 'no file' }]),
    expected: superAdminOnly(400),
  },
];

describe('super-admin operations access', () => {
  it('only the super-admin reaches resend attempts, the projects log, the purchase log, the outbox, the activity log, the template order and sample uploads', async () => {
    expect(await mismatches(rows, cast)).toEqual([]);
  });
});
