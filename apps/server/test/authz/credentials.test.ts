import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/api.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';

/**
 * Who may call the credentials portal (docs/product/sign-in-and-sessions.md#screens, docs/product/sign-in-and-sessions.md#calls "Login and portals"). Both calls exist on the
 * credentials host only: elsewhere they answer 404 (after the 401 of a missing session for the list).
 * Registering is public. The list is the signed-in person's own certificates, whatever their role, so
 * everyone signed in reads theirs; an admin acting as someone gets 403, as for their sign-in settings.
 */

const CREDENTIALS_HOST = 'credentials.laurel.test';

let laurel: TestLaurel;
let cast: Cast;
beforeAll(async () => {
  laurel = await startTestLaurel();
  cast = await castPersonas(laurel);
});
afterAll(async () => {
  await laurel?.close();
});

const register = (host?: string) => ({
  first_name: 'Rita',
  last_name: 'Levi',
  email: uniqueEmail(host ? 'holder' : 'main'),
});

const rows: MatrixRow[] = [
  {
    call: 'POST /api/credentials/register (credentials host, a new address)',
    request: (c) => c.withHost(CREDENTIALS_HOST).post('/api/credentials/register', register(CREDENTIALS_HOST)),
    expected: cells(200, { anonymous: 200 }),
  },
  {
    call: 'POST /api/credentials/register (main host)',
    request: (c) => c.post('/api/credentials/register', register()),
    expected: cells(404, { anonymous: 404 }),
  },
  {
    call: 'GET /api/credentials (credentials host)',
    request: (c) => c.withHost(CREDENTIALS_HOST).get('/api/credentials'),
    expected: cells(200, { impersonating: 403 }),
  },
  {
    call: 'GET /api/credentials (main host)',
    request: (c) => c.get('/api/credentials'),
    expected: cells(404),
  },
  {
    call: "GET /api/credentials (an account's portal host)",
    request: (c) => c.withHost('nosuchaccount.laurel.test').get('/api/credentials'),
    expected: cells(404),
  },
];

describe('credentials portal access', () => {
  it('answers each persona as the table says', async () => {
    expect(await mismatches(rows, cast)).toEqual([]);
  });
});
