import { MAPPING_MESSAGES, MESSAGES, PERMISSION_MESSAGES, upgradeMessage } from '@laurel/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mappings } from '../../src/db/schema.ts';
import type { ApiClient } from '../helpers/api.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { type Cast, castPersonas, cells, type MatrixRow, mismatches } from '../helpers/personas.ts';

/**
 * Who may read, save, rename and delete saved column mappings ("Sub-user rights on account assets", docs/decisions/0007-sub-user-rights-on-account-assets.md), cell by cell. Every change is
 * asked of a mapping made for that one ask: the account admin's, the caller's own, or a global one.
 * Members read; saving needs the right to send; a sub-user renames and deletes only the mappings they
 * saved, never the admin's; global ones are super-admins'; another account's mapping is a 404.
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

const RULES = [{ title: 'Email', mapped: 'Email Address' }];
const NOT_ALLOWED = { status: 403, message: MESSAGES.notAllowed };
const SEND_RIGHT = { status: 403, message: PERMISSION_MESSAGES.send };
const NOT_YOURS = { status: 403, message: MAPPING_MESSAGES.notYours };
/** Sub-users without the right to send are refused by that right before anything else. */
const noSendRight = { sub_no_rights: SEND_RIGHT, sub_create: SEND_RIGHT, sub_edit: SEND_RIGHT, sub_email: SEND_RIGHT };

let serial = 0;
const nextName = () => `Mapping ${++serial}`;

/** A mapping made for one ask, in an account (or global: null) and saved by a user. */
async function mappingOf(accountId: number | null, createdBy: number | null): Promise<number> {
  const [row] = await laurel.context.db
    .insert(mappings)
    .values({ account_id: accountId, name: nextName(), rules: RULES, created_by: createdBy })
    .returning({ id: mappings.id });
  return row!.id;
}

/** The caller's own mapping: in their account (a global one for a super-admin, who has none), saved by them. */
async function callersMapping(client: ApiClient): Promise<number> {
  const me = (await client.get('/api/auth/current')).json<{ id?: number; account?: { id: number } | null }>();
  return mappingOf(me.account?.id ?? null, me.id ?? null);
}

const rename = (c: ApiClient, id: number) => c.call('PUT', `/api/mappings/${id}`, { name: nextName(), rules: RULES });

/** Changing a mapping of the persona account that its admin saved. */
const adminsMapping = cells(200, { ...noSendRight, sub_send: NOT_YOURS, portal_user: NOT_ALLOWED, other_admin: 404 });
/** Changing a mapping the caller saved themselves. */
const ownMapping = cells(200, { ...noSendRight, portal_user: NOT_ALLOWED });
/** Changing a global mapping. */
const globalMapping = cells(NOT_ALLOWED, { global_admin: 200 });

const rows: MatrixRow[] = [
  {
    call: 'GET /api/mappings',
    request: (c) => c.get('/api/mappings'),
    expected: cells(200, { portal_user: NOT_ALLOWED }),
  },
  {
    call: 'GET /api/mappings/global',
    request: (c) => c.get('/api/mappings/global'),
    expected: cells(200, { portal_user: NOT_ALLOWED }),
  },
  {
    call: "GET /api/mappings/{id} (the persona account's)",
    request: (c, { accountId }) => c.get(`/api/mappings/${accountId}`),
    expected: cells(200, { portal_user: NOT_ALLOWED, other_admin: 404 }),
  },
  {
    call: 'POST /api/mappings',
    request: (c) => c.post('/api/mappings', { name: nextName(), rules: RULES }),
    // The super-admin belongs to no account; the other admin's free plan does not save mappings.
    expected: cells(200, {
      ...noSendRight,
      portal_user: NOT_ALLOWED,
      global_admin: NOT_ALLOWED,
      other_admin: { status: 403, message: upgradeMessage('mapping_save') },
    }),
  },
  {
    call: "PUT /api/mappings/{id} (the account admin's)",
    request: async (c, { accountId, adminUserId }) => rename(c, await mappingOf(accountId, adminUserId)),
    expected: adminsMapping,
  },
  {
    call: "DELETE /api/mappings/{id} (the account admin's)",
    request: async (c, { accountId, adminUserId }) => c.delete(`/api/mappings/${await mappingOf(accountId, adminUserId)}`),
    expected: adminsMapping,
  },
  {
    call: "PUT /api/mappings/{id} (the caller's own)",
    request: async (c) => rename(c, await callersMapping(c)),
    expected: ownMapping,
  },
  {
    call: "DELETE /api/mappings/{id} (the caller's own)",
    request: async (c) => c.delete(`/api/mappings/${await callersMapping(c)}`),
    expected: ownMapping,
  },
  {
    call: 'PUT /api/mappings/{id} (a global one)',
    request: async (c) => rename(c, await mappingOf(null, null)),
    expected: globalMapping,
  },
  {
    call: 'DELETE /api/mappings/{id} (a global one)',
    request: async (c) => c.delete(`/api/mappings/${await mappingOf(null, null)}`),
    expected: globalMapping,
  },
];

it('answers each persona as the access table says', async () => {
  expect(await mismatches(rows, cast)).toEqual([]);
});
