import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { accounts, users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { ApiClient, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './api.ts';
import type { TestLaurel } from './laurel.ts';
import { subUser } from './store-fixtures.ts';
import { endTrial } from './trial.ts';

/**
 * Everyone an authorisation test asks: nobody, a portal user, a sub-user with no right and with each
 * right alone, the account's admin, a super-admin, a super-admin acting as the account's admin, and
 * the admin of another account. Each persona is a signed-in client; ids name what the calls target.
 */
export const PERSONAS = [
  'anonymous',
  'portal_user',
  'sub_no_rights',
  'sub_create',
  'sub_edit',
  'sub_email',
  'sub_send',
  'account_admin',
  'global_admin',
  'impersonating',
  'other_admin',
] as const;
export type Persona = (typeof PERSONAS)[number];

export interface Cast {
  clients: Record<Persona, ApiClient>;
  /** The account every persona but `other_admin` (and the super-admin) belongs to. */
  accountId: number;
  adminUserId: number;
  /** A sub-user of the account, as a target of user-management calls. */
  subUserId: number;
  subUserEmail: string;
  otherAccountId: number;
  otherAdminUserId: number;
}

async function portalUser(laurel: TestLaurel): Promise<ApiClient> {
  const email = uniqueEmail('portal');
  await laurel.context.db
    .insert(users)
    .values({ email, username: email, roles: [], confirmed_at: new Date(), password_hash: await hashPassword(GOOD_PASSWORD) });
  const client = new ApiClient(laurel);
  const login = await client.login(email, GOOD_PASSWORD);
  if (login.statusCode !== 200) throw new Error(`portal user sign-in failed: ${login.body}`);
  return client;
}

export async function castPersonas(laurel: TestLaurel): Promise<Cast> {
  const admin = await registerConfirmedAdmin(laurel);
  const other = await registerConfirmedAdmin(laurel);
  const accountId = admin.user.account!.id;
  // The other account is on the free tier past its trial, so its cells show the plan gates.
  await endTrial(laurel, other.user.account!.id);
  // A plan with every account-area feature (team members included), so refusals come from roles, not from the plan.
  await laurel.context.db
    .update(accounts)
    .set({ stripe_active: true, stripe_plan: 'enterprise-monthly-3' })
    .where(eq(accounts.id, accountId));
  const none = { allow_all_certificate_sets: false, allowed_certificate_sets: [] };
  const sub = async (flags: Partial<typeof users.$inferInsert>) => (await subUser(laurel, accountId, { ...none, ...flags })).client;
  const globalAdmin = new ApiClient(laurel);
  const signedIn = await globalAdmin.login('root@laurel.test', 'correct horse battery staple');
  if (signedIn.statusCode !== 200) throw new Error(`super-admin sign-in failed: ${signedIn.body}`);
  const acting = await new ApiClient(laurel, globalAdmin.token).post(`/api/users/${admin.user.id}/impersonate`);
  if (acting.statusCode !== 200) throw new Error(`impersonation failed: ${acting.body}`);
  const target = await subUser(laurel, accountId, none);
  const me = await target.client.get('/api/auth/current');
  return {
    clients: {
      anonymous: new ApiClient(laurel),
      portal_user: await portalUser(laurel),
      sub_no_rights: await sub({}),
      sub_create: await sub({ allow_certificate_set_create: true }),
      sub_edit: await sub({ allow_certificate_set_edits: true }),
      sub_email: await sub({ allow_certificate_email_edits: true }),
      sub_send: await sub({ allow_all_certificate_sets: true }),
      account_admin: admin.client,
      global_admin: globalAdmin,
      impersonating: new ApiClient(laurel, acting.json<{ token: string }>().token),
      other_admin: other.client,
    },
    accountId,
    adminUserId: admin.user.id,
    subUserId: me.json<{ id: number }>().id,
    subUserEmail: target.email,
    otherAccountId: other.user.account!.id,
    otherAdminUserId: other.user.id,
  };
}

/** An expected cell: a status, or a status with the first error message the reply must carry. */
export type Cell = number | { status: number; message: string | RegExp };

export interface MatrixRow {
  /** `METHOD /path` as written in the contract, for the report. */
  call: string;
  request(client: ApiClient, cast: Cast): Promise<LightMyRequestResponse>;
  expected: Record<Persona, Cell>;
}

/** Fills a row's cells: everyone signed in gets `signedIn` unless named in `cells`; anonymous is 401. */
export function cells(signedIn: Cell, named: Partial<Record<Persona, Cell>> = {}): Record<Persona, Cell> {
  return Object.fromEntries(PERSONAS.map((p) => [p, named[p] ?? (p === 'anonymous' ? 401 : signedIn)])) as Record<Persona, Cell>;
}

/** Each row asked by each persona: the whole table's mismatches at once, so one run shows every wrong cell. */
export async function mismatches(rows: MatrixRow[], cast: Cast): Promise<string[]> {
  const wrong: string[] = [];
  for (const row of rows) {
    for (const persona of PERSONAS) {
      const expected = row.expected[persona];
      const response = await row.request(cast.clients[persona], cast);
      const status = typeof expected === 'number' ? expected : expected.status;
      let ok = response.statusCode === status;
      if (ok && typeof expected === 'object') {
        const message = String(response.json<{ errors?: string[]; message?: string }>().errors?.[0] ?? '');
        ok = typeof expected.message === 'string' ? message === expected.message : expected.message.test(message);
      }
      if (!ok)
        wrong.push(
          `${row.call} as ${persona}: expected ${JSON.stringify(expected)}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
        );
    }
  }
  return wrong;
}
