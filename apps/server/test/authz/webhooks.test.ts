import { WEBHOOK_MESSAGES } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../src/db/schema.ts';
import { encryptSecret } from '../../src/secrets.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';

/**
 * Who may manage webhook endpoints and their delivery log: the account's admins (and a super-admin
 * acting as one), nobody else. Sub-users are refused whatever their rights: an endpoint receives every
 * recipient of the account. Another account's admin gets 404 for this account's endpoints and
 * deliveries. Each changing call acts on an endpoint made for that one request, so the order of
 * personas does not matter; a creation is asked with a private address, refused after the access check.
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
const PRIVATE = { status: 400, message: WEBHOOK_MESSAGES.privateTarget };

/** An endpoint of the cast's account, made directly (its address need not resolve: nothing is sent in these tests but a resend). */
async function endpoint(): Promise<number> {
  const db = laurel.context.db;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      account_id: cast.accountId,
      url: 'https://hooks.invalid/laurel',
      events: ['project.sent'],
      secret: '',
      secret_hint: 'whsec_abcd…',
    })
    .returning();
  await db
    .update(webhookEndpoints)
    .set({ secret: encryptSecret(laurel.context.secret, 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=', `webhook-endpoint:${row!.id}`) })
    .where(eq(webhookEndpoints.id, row!.id));
  return row!.id;
}

async function delivery(): Promise<number> {
  const endpointId = await endpoint();
  const id = `evt_authz${Math.random().toString(36).slice(2)}`;
  await laurel.context.db.insert(webhookEvents).values({ id, account_id: cast.accountId, type: 'project.sent', data: {} });
  const [row] = await laurel.context.db
    .insert(webhookDeliveries)
    .values({ account_id: cast.accountId, endpoint_id: endpointId, event_id: id, state: 'failed', attempts: 1, retry_until: new Date() })
    .returning();
  return row!.id;
}

const body = { url: 'https://127.0.0.1/hooks', events: ['project.sent'] };
const admins = (ok: number | typeof PRIVATE) => cells(ADMINS_ONLY, { account_admin: ok, impersonating: ok, other_admin: 404 });

const rows: MatrixRow[] = [
  {
    call: 'GET /api/webhooks',
    request: (c) => c.get('/api/webhooks'),
    // Another account's admin lists their own (no) endpoints.
    expected: cells(ADMINS_ONLY, { account_admin: 200, impersonating: 200, other_admin: 200 }),
  },
  {
    call: 'POST /api/webhooks (a private address)',
    request: (c) => c.post('/api/webhooks', body),
    expected: cells(ADMINS_ONLY, { account_admin: PRIVATE, impersonating: PRIVATE, other_admin: PRIVATE }),
  },
  {
    call: 'PUT /api/webhooks/{id} (a private address)',
    request: async (c) => c.call('PUT', `/api/webhooks/${await endpoint()}`, body),
    expected: admins(PRIVATE),
  },
  {
    call: 'DELETE /api/webhooks/{id}',
    request: async (c) => c.delete(`/api/webhooks/${await endpoint()}`),
    expected: admins(200),
  },
  {
    call: 'POST /api/webhooks/{id}/roll-secret',
    request: async (c) => c.post(`/api/webhooks/${await endpoint()}/roll-secret`),
    expected: admins(200),
  },
  {
    call: 'GET /api/webhooks/{id}/deliveries',
    request: async (c) => c.get(`/api/webhooks/${await endpoint()}/deliveries`),
    expected: admins(200),
  },
  {
    call: 'POST /api/webhooks/deliveries/{id}/resend',
    request: async (c) => c.post(`/api/webhooks/deliveries/${await delivery()}/resend`),
    expected: admins(200),
  },
];

describe('webhooks access', () => {
  it('endpoints, secrets and the delivery log belong to the account admins', async () => {
    expect(await mismatches(rows, cast)).toEqual([]);
  });
});
