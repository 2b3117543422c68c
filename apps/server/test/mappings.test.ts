import { MAPPING_MESSAGES } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { endTrial } from './helpers/trial.ts';

let laurel: TestLaurel;
let premium: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let free: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let superAdmin: ApiClient;

const RULES = [
  { title: 'Prénom', mapped: 'FIRST_NAME' },
  { title: 'Nom', mapped: 'LAST_NAME' },
  { title: 'E-mail', mapped: 'Email Address' },
  { title: 'Notes', mapped: null },
];

beforeAll(async () => {
  laurel = await startTestLaurel();
  premium = await registerConfirmedAdmin(laurel);
  free = await registerConfirmedAdmin(laurel);
  await endTrial(laurel, free.user.account!.id);
  await laurel.context.db
    .update(accounts)
    .set({ stripe_active: true, stripe_plan: 'basic-monthly-3' })
    .where(eq(accounts.id, premium.user.account!.id));
  superAdmin = new ApiClient(laurel);
  expect((await superAdmin.login('root@laurel.test', 'correct horse battery staple')).statusCode).toBe(200);
});
afterAll(async () => {
  await laurel?.close();
});

describe('saving a mapping', () => {
  it('saves an account’s mapping on a paid plan and lists it for that account only', async () => {
    const saved = await premium.client.post('/api/mappings', { name: 'Registrar export', rules: RULES });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      message: 'Saved mapping',
      mapping: { name: 'Registrar export', global: false, account_id: premium.user.account!.id, rules: RULES },
    });

    const listed = (await premium.client.get(`/api/mappings/${premium.user.account!.id}`)).json();
    expect(listed.mappings.map((m: { name: string }) => m.name)).toEqual(['Registrar export']);
    expect((await free.client.get(`/api/mappings/${premium.user.account!.id}`)).statusCode).toBe(404);
  });

  it('refuses a free account with the upgrade message and stores nothing', async () => {
    const refused = await free.client.post('/api/mappings', { name: 'Mine', rules: RULES });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ error_type: 'upgrade', redirect: '/account/subscription' });
    expect(errorOf(refused).errors[0]).toBe('Saving mappings is available on the Basic Monthly plan or higher.');
    expect((await free.client.get(`/api/mappings/${free.user.account!.id}`)).json().mappings).toEqual([]);
  });

  it('refuses a second mapping of the same name in the account, in any letter case', async () => {
    await premium.client.post('/api/mappings', { name: 'Quarterly', rules: RULES });
    const again = await premium.client.post('/api/mappings', { name: 'QUARTERLY', rules: RULES });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({ field: 'name', errors: ['A mapping with this name already exists.'] });
  });

  it('checks the body: a name and at least one column', async () => {
    expect(errorOf(await premium.client.post('/api/mappings', { name: ' ', rules: RULES })).errors[0]).toBe(
      'Name: Mapping name is required.',
    );
    expect(errorOf(await premium.client.post('/api/mappings', { name: 'Empty', rules: [] })).errors[0]).toBe(
      'Rules: A mapping needs at least one column.',
    );
  });

  it('needs a signed-in issuer', async () => {
    expect((await new ApiClient(laurel).post('/api/mappings', { name: 'X', rules: RULES })).statusCode).toBe(401);
    expect((await new ApiClient(laurel).get('/api/mappings/global')).statusCode).toBe(401);
  });
});

describe('global mappings', () => {
  it('are made by super-admins and read by every issuer', async () => {
    expect((await premium.client.post('/api/mappings', { name: 'For all', rules: RULES, global: true })).statusCode).toBe(403);
    const saved = await superAdmin.post('/api/mappings', { name: 'Common spreadsheet', rules: RULES, global: true });
    expect(saved.json().mapping).toMatchObject({ global: true, account_id: null });
    for (const client of [premium.client, free.client]) {
      const names = (await client.get('/api/mappings/global')).json().mappings.map((m: { name: string }) => m.name);
      expect(names).toContain('Common spreadsheet');
    }
    // An account's own mappings never appear among the global ones.
    expect((await free.client.get('/api/mappings/global')).json().mappings.map((m: { name: string }) => m.name)).not.toContain(
      'Registrar export',
    );
  });
});

describe('deleting a mapping', () => {
  it('lets the account delete its own, hides it from other accounts, and keeps global ones to super-admins', async () => {
    const own = (await premium.client.post('/api/mappings', { name: 'Short lived', rules: RULES })).json().mapping;
    expect((await free.client.delete(`/api/mappings/${own.id}`)).statusCode).toBe(404);
    expect((await premium.client.delete(`/api/mappings/${own.id}`)).json()).toMatchObject({ success: true, message: 'Record deleted' });
    expect((await premium.client.delete(`/api/mappings/${own.id}`)).statusCode).toBe(404);

    const global = (await superAdmin.post('/api/mappings', { name: 'Global to remove', rules: RULES, global: true })).json().mapping;
    expect((await premium.client.delete(`/api/mappings/${global.id}`)).statusCode).toBe(403);
    expect((await superAdmin.delete(`/api/mappings/${global.id}`)).statusCode).toBe(200);
    expect((await premium.client.get('/api/mappings/global')).json().mappings.map((m: { id: number }) => m.id)).not.toContain(global.id);
  });

  it('lets a sub-user of a paid account use and save the account’s mappings', async () => {
    const email = uniqueEmail('sub');
    await laurel.context.db.insert(users).values({
      account_id: premium.user.account!.id,
      email,
      username: email,
      roles: ['account_user'],
      confirmed_at: new Date(),
      password_hash: await hashPassword(GOOD_PASSWORD),
    });
    const sub = new ApiClient(laurel);
    await sub.login(email, GOOD_PASSWORD);
    expect((await sub.post('/api/mappings', { name: 'Sub-user mapping', rules: RULES })).statusCode).toBe(200);
    const names = (await premium.client.get(`/api/mappings/${premium.user.account!.id}`))
      .json()
      .mappings.map((m: { name: string }) => m.name);
    expect(names).toContain('Sub-user mapping');
  });
});

describe("a sub-user and the account's mappings", () => {
  async function signedInSubUser() {
    const email = uniqueEmail('sender');
    const [user] = await laurel.context.db
      .insert(users)
      .values({
        account_id: premium.user.account!.id,
        email,
        username: email,
        roles: ['account_user'],
        allow_all_certificate_sets: true,
        confirmed_at: new Date(),
        password_hash: await hashPassword(GOOD_PASSWORD),
      })
      .returning();
    const client = new ApiClient(laurel);
    await client.login(email, GOOD_PASSWORD);
    return { client, id: user!.id };
  }
  const accountMappings = async () =>
    (await premium.client.get(`/api/mappings/${premium.user.account!.id}`)).json().mappings as { id: number; name: string }[];

  it('renames and deletes only the mappings they saved; the admin’s stay as they were', async () => {
    const sub = await signedInSubUser();
    const admins = (await premium.client.post('/api/mappings', { name: 'Admin’s registrar', rules: RULES })).json().mapping;
    expect(admins.created_by).toBe(premium.user.id);
    const before = await accountMappings();

    const rename = await sub.client.call('PUT', `/api/mappings/${admins.id}`, { name: 'Taken over', rules: RULES });
    const remove = await sub.client.delete(`/api/mappings/${admins.id}`);
    for (const refused of [rename, remove]) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(errorOf(refused)).toMatchObject({ error_type: 'permission', errors: [MAPPING_MESSAGES.notYours] });
    }
    expect(await accountMappings()).toEqual(before);

    const own = (await sub.client.post('/api/mappings', { name: 'My own columns', rules: RULES })).json().mapping;
    expect(own.created_by).toBe(sub.id);
    const renamed = await sub.client.call('PUT', `/api/mappings/${own.id}`, { name: 'My renamed columns', rules: RULES });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await sub.client.delete(`/api/mappings/${own.id}`)).statusCode).toBe(200);
    // The account's admin still manages every mapping of the account, a sub-user's included.
    const colleagues = (await sub.client.post('/api/mappings', { name: 'Left behind', rules: RULES })).json().mapping;
    expect((await premium.client.delete(`/api/mappings/${colleagues.id}`)).statusCode).toBe(200);
  });

  it('does not learn who saved a global mapping', async () => {
    await superAdmin.post('/api/mappings', { name: 'Shared columns', rules: RULES, global: true });
    const shared = (await premium.client.get('/api/mappings/global')).json().mappings as { name: string; created_by: number | null }[];
    expect(shared.find((m) => m.name === 'Shared columns')).toMatchObject({ global: true, created_by: null });
  });
});
