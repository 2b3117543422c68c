import { API_KEY_MESSAGES } from '@laurel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';

/**
 * Who may read, make and revoke an API key (docs/product/public-api.md#calls), cell by cell. Keys belong to account admins and
 * to team members who may send; an admin acting as someone may not make or revoke that person's key.
 * Revoke runs before retrieve here, so it finds no key (404) for everyone allowed to hold one.
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
const NO_KEY = { status: 403, message: API_KEY_MESSAGES.notAllowed };
const NO_KEY_YET = { status: 404, message: API_KEY_MESSAGES.noKey };

/** Portal users, super-admins and team members without the send right hold no key. */
const holders = (allowed: number | { status: number; message: string }, named: Parameters<typeof cells>[1] = {}) =>
  cells(NO_KEY, { sub_send: allowed, account_admin: allowed, other_admin: allowed, ...named });

const rows: MatrixRow[] = [
  {
    call: 'GET /api/users/api-key',
    request: (c) => c.get('/api/users/api-key'),
    expected: holders(200, { impersonating: 200 }),
  },
  {
    call: 'POST /api/users/revoke-api-key (no key yet)',
    request: (c) => c.post('/api/users/revoke-api-key'),
    expected: holders(NO_KEY_YET, { impersonating: ACTING }),
  },
  {
    call: 'POST /api/users/retrieve-api-key',
    request: (c) => c.post('/api/users/retrieve-api-key'),
    expected: holders(200, { impersonating: ACTING }),
  },
  {
    call: 'POST /api/users/revoke-api-key (a key made above)',
    request: (c) => c.post('/api/users/revoke-api-key'),
    expected: holders(200, { impersonating: ACTING }),
  },
];

describe('API key access', () => {
  it('answers each persona as the table says', async () => {
    expect(await mismatches(rows, cast)).toEqual([]);
  });
});
