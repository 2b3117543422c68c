import { TEAM_MESSAGES } from '@laurel/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, projects, users } from '../src/db/schema.ts';
import { allocationMessage } from '../src/modules/credits/index.ts';
import { ApiClient, codeFromMail, errorOf, GOOD_PASSWORD, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, storeAccount, subUser } from './helpers/store-fixtures.ts';

/**
 * Managing an account's users (docs/product/roles-and-sub-users.md#screens, docs/product/roles-and-sub-users.md#rules-and-limits): every call's success and refusals, the plan's rule and
 * limits, credit caps, the invitation that sets a password, rights on sets and projects, and the
 * allocation a sub-user's send spends.
 */

let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel();
});
afterAll(async () => {
  await laurel?.close();
});

type Team = Awaited<ReturnType<typeof teamAccount>>;

/** An account with credits, one set, and the plan given (set in the database: there is no billing yet). */
async function teamAccount(plan: string | null = 'professional-monthly-3', options: { pending?: boolean } = {}) {
  const store = await storeAccount(laurel);
  await laurel.context.db
    .update(accounts)
    .set({ stripe_active: plan !== null, stripe_plan: plan, subscription_in_pending: !!options.pending })
    .where(eq(accounts.id, store.accountId));
  return store;
}

const form = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: uniqueEmail('grace'),
  allow_certificate_set_create: false,
  allow_certificate_set_edits: false,
  allow_certificate_email_edits: false,
  allow_all_certificate_sets: true,
  allowed_certificate_sets: [],
  allow_all_users_projects: false,
  allowed_users: [],
  allocated_credits: -1,
  auto_refill_credits: false,
  refill_credits: 0,
  ...overrides,
});

async function add(team: Team, overrides: Record<string, unknown> = {}) {
  return team.admin.client.post('/api/users/0/add-account-user', { user: form(overrides) });
}

async function added(team: Team, overrides: Record<string, unknown> = {}) {
  const response = await add(team, overrides);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().user as { id: number; email: string; status: string };
}

const subUsersOf = async (accountId: number) =>
  (await laurel.context.db.select().from(users).where(eq(users.account_id, accountId))).filter((u) => u.roles[0] === 'account_user');

/** Follows the invitation mailed to the address: sets the password and signs in. */
async function acceptInvitation(email: string) {
  const mail = await laurel.lastMailTo(email);
  const code = codeFromMail(mail.text, 'confirm');
  const client = new ApiClient(laurel);
  const set = await client.post('/api/users/confirm/password', {
    code,
    password: GOOD_PASSWORD,
    password_confirmation: GOOD_PASSWORD,
    accept_terms: true,
  });
  expect(set.statusCode, set.body).toBe(200);
  const login = await client.login(email, GOOD_PASSWORD);
  expect(login.statusCode, login.body).toBe(200);
  return client;
}

async function setCredits(accountId: number, credits: number) {
  await laurel.context.db.update(accounts).set({ credits, subscription_credits: 0 }).where(eq(accounts.id, accountId));
}

describe('POST /api/users/0/add-account-user', () => {
  it('adds a sub-user with no password, mails the invitation, and the link sets the password', async () => {
    const team = await teamAccount();
    const response = await add(team, { first_name: 'Grace', allow_certificate_set_create: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Account user added successfully.' });
    const user = response.json().user;
    expect(user).toMatchObject({ status: 'invited', role: 'account_user', active: true, allow_certificate_set_create: true });
    const [row] = await laurel.context.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ password_hash: null, created_by: team.admin.user.id, account_id: team.accountId });

    const mail = await laurel.lastMailTo(user.email);
    expect(mail.kind).toBe('invitation');
    expect(mail.subject).toBe('Ada Lovelace invited you to Analytical Engines on Laurel');
    expect(mail.html).toContain('/user/confirm/');
    const code = codeFromMail(mail.text, 'confirm');
    expect(code.length).toBeGreaterThanOrEqual(22); // ≥128 random bits in base64url
    const check = await new ApiClient(laurel).post('/api/confirm', { code });
    expect(check.json()).toMatchObject({ show_toc: true, email: user.email });

    const client = await acceptInvitation(user.email);
    const me = (await client.get('/api/auth/current')).json();
    expect(me).toMatchObject({ id: user.id, roles: [{ name: 'account_user' }], account: { id: team.accountId } });
    const list = (await team.admin.client.get(`/api/accounts/${team.accountId}/users`)).json();
    expect(list.data.find((u: { id: number }) => u.id === user.id).status).toBe('active');
    const [entry] = await laurel.context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'team.user_added'), eq(auditLog.user_id, user.id)));
    expect(entry).toMatchObject({ actor_id: team.admin.user.id, account_id: team.accountId });
  });

  it('re-sends an invitation: the earlier link stops working, the new one sets the password', async () => {
    const team = await teamAccount();
    const user = await added(team);
    const first = codeFromMail((await laurel.lastMailTo(user.email)).text, 'confirm');
    const resend = await team.admin.client.post(`/api/users/${user.id}/resend-invitation`);
    expect(resend.statusCode, resend.body).toBe(200);
    expect((await laurel.mailsTo(user.email)).length).toBe(2);
    expect((await new ApiClient(laurel).post('/api/confirm', { code: first })).statusCode).toBe(404);
    await acceptInvitation(user.email);
    const again = await team.admin.client.post(`/api/users/${user.id}/resend-invitation`);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe('This user has already set a password.');
  });

  it.each([
    ['no subscription', null, false],
    ['Basic Monthly', 'basic-monthly-3', false],
    ['Advanced Monthly', 'advanced-monthly-3', false],
    ['a discontinued plan', 'prem-monthly-2', false],
    ['a pending subscription change', 'professional-monthly-3', true],
  ])('refuses with %s: Action not allowed, nobody added', async (_, plan, pending) => {
    const team = await teamAccount(plan, { pending });
    const response = await add(team);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe('Action not allowed');
    expect(await subUsersOf(team.accountId)).toHaveLength(0);
  });

  it('refuses a sub-user, an address already in use, and a form without any set chosen', async () => {
    const team = await teamAccount();
    const sub = await subUser(laurel, team.accountId, { allow_all_certificate_sets: true });
    const bySub = await sub.client.post('/api/users/0/add-account-user', { user: form() });
    expect(bySub.statusCode).toBe(403);
    expect(errorOf(bySub).message).toBe('Action not allowed');

    const taken = await add(team, { email: team.admin.email.toUpperCase() });
    expect(taken.statusCode).toBe(400);
    expect(errorOf(taken)).toMatchObject({ message: 'An account with this email address has already been created.', field: 'email' });

    const noSet = await add(team, { allow_all_certificate_sets: false, allowed_certificate_sets: [] });
    expect(noSet.statusCode).toBe(400);
    expect(errorOf(noSet).message).toContain('At least one must be checked.');

    const stranger = await teamAccount();
    const foreignSet = await add(team, { allow_all_certificate_sets: false, allowed_certificate_sets: [stranger.setId] });
    expect(foreignSet.statusCode).toBe(400);
    expect(errorOf(foreignSet)).toMatchObject({ message: 'Choose certificate sets of this account.', field: 'allowed_certificate_sets' });

    const foreignUser = await add(team, { allowed_users: [stranger.admin.user.id] });
    expect(foreignUser.statusCode).toBe(400);
    expect(errorOf(foreignUser).message).toBe('Choose users of this account.');
    expect((await subUsersOf(team.accountId)).map((u) => u.email)).toEqual([sub.email]);
  });

  it('keeps to 5 active sub-users (50 on Enterprise) and 50 in all', async () => {
    const team = await teamAccount();
    for (let i = 0; i < 5; i++) await added(team);
    const sixth = await add(team);
    expect(sixth.statusCode).toBe(400);
    expect(errorOf(sixth).message).toBe(
      'You have 5 active users, deactivate another user or upgrade to Enterprise Monthly for more user accounts.',
    );
    expect(await subUsersOf(team.accountId)).toHaveLength(5);

    const enterprise = await teamAccount('enterprise-monthly-3');
    const base = Date.now();
    await laurel.context.db.insert(users).values(
      Array.from({ length: 49 }, (_, i) => ({
        account_id: enterprise.accountId,
        email: `filler.${base}.${i}.${enterprise.accountId}@example.com`,
        username: `filler.${base}.${i}.${enterprise.accountId}@example.com`,
        roles: ['account_user'],
        active: i % 2 === 0,
      })),
    );
    await added(enterprise); // the 50th
    const fiftyFirst = await add(enterprise);
    expect(fiftyFirst.statusCode).toBe(400);
    expect(errorOf(fiftyFirst).message).toBe('You already have maximum allowed users count.');
    expect(await subUsersOf(enterprise.accountId)).toHaveLength(50);
  });

  it('caps the allocation at the credits not allocated to others, and refills at the plan less other refills', async () => {
    const team = await teamAccount();
    await setCredits(team.accountId, 100);
    await added(team, { allocated_credits: 60 });
    const over = await add(team, { allocated_credits: 41 });
    expect(over.statusCode).toBe(400);
    expect(errorOf(over)).toMatchObject({
      message: 'Allocated credits can be at most 40: the credits of the account not allocated to other users.',
      field: 'allocated_credits',
    });
    await added(team, { allocated_credits: 40, auto_refill_credits: true, refill_credits: 300 });
    // Professional Monthly grants 500 a month; 300 already go to the user above.
    const refill = await add(team, { allocated_credits: 0, auto_refill_credits: true, refill_credits: 201 });
    expect(refill.statusCode).toBe(400);
    expect(errorOf(refill).message).toBe("Refill credits can be at most 200: the plan's monthly credits not refilled to other users.");
    const unlimitedRefill = await add(team, { allocated_credits: -1, auto_refill_credits: true, refill_credits: 10 });
    expect(unlimitedRefill.statusCode).toBe(400);
    expect(await subUsersOf(team.accountId)).toHaveLength(2);
  });
});

describe('a number of credits left blank', () => {
  it('is refused in words when adding or editing, never read as none: nothing is added or changed', async () => {
    const team = await teamAccount();
    await setCredits(team.accountId, 50);
    const blank = await add(team, { allocated_credits: null });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).message).toContain(TEAM_MESSAGES.creditsRequired);
    expect(await subUsersOf(team.accountId)).toHaveLength(0);

    // Left out, the allocation is unlimited, as before; a number, even 0, is taken as given.
    const unlimited = await added(team);
    const none = await added(team, { allocated_credits: 0 });
    const [row] = await laurel.context.db.select().from(users).where(eq(users.id, none.id));
    expect(row!.allocated_credits).toBe(0);

    const edit = await team.admin.client.post(`/api/users/${unlimited.id}/update-account-user`, {
      user: form({ allocated_credits: null }),
    });
    expect(edit.statusCode).toBe(400);
    expect(errorOf(edit).message).toContain(TEAM_MESSAGES.creditsRequired);
    const [kept] = await laurel.context.db.select().from(users).where(eq(users.id, unlimited.id));
    expect(kept!.allocated_credits).toBe(-1);
  });
});

describe('GET /api/accounts/{id}/users', () => {
  it('pages the users newest first with the total and the limits; others are refused', async () => {
    const team = await teamAccount();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await added(team, { first_name: `User${i}` }));
    const page = await team.admin.client.get(`/api/accounts/${team.accountId}/users?page=1&limit=10`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.total).toBe(4); // the admin and three sub-users
    expect(body.data.map((u: { id: number }) => u.id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id, team.admin.user.id]);
    expect(body.limits).toMatchObject({ may_manage: true, active_users: 3, max_active_users: 5, total_users: 3, max_users: 50 });
    expect(body.data[3]).toMatchObject({ role: 'account_admin', status: 'active' });

    const second = (await team.admin.client.get(`/api/accounts/${team.accountId}/users?page=2&limit=10`)).json();
    expect(second.data).toEqual([]);
    expect((await team.admin.client.get(`/api/accounts/${team.accountId}/users?limit=7`)).statusCode).toBe(400);

    const stranger = await teamAccount();
    expect((await stranger.admin.client.get(`/api/accounts/${team.accountId}/users`)).statusCode).toBe(404);
    const sub = await subUser(laurel, team.accountId);
    const bySub = await sub.client.get(`/api/accounts/${team.accountId}/users`);
    expect(bySub.statusCode).toBe(403);
    expect(errorOf(bySub).message).toBe('Action not allowed');

    const root = new ApiClient(laurel);
    await root.login('root@laurel.test', 'correct horse battery staple');
    expect((await root.get(`/api/accounts/${team.accountId}/users`)).json().total).toBe(5);
  });

  it('tells an account without the plan that it may not manage users', async () => {
    const team = await teamAccount('basic-monthly-3');
    const body = (await team.admin.client.get(`/api/accounts/${team.accountId}/users`)).json();
    expect(body.limits.may_manage).toBe(false);
  });
});

describe('POST /api/users/{id}/update-account-user', () => {
  it('changes names, rights and credits; another tenant’s user is a 404 and caps leave the user as it was', async () => {
    const team = await teamAccount();
    await setCredits(team.accountId, 50);
    const user = await added(team, { allocated_credits: 10 });
    const changed = await team.admin.client.post(`/api/users/${user.id}/update-account-user`, {
      user: form({ first_name: 'Amazing', allow_certificate_email_edits: true, allocated_credits: 50 }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Account user update successfully.',
      user: { first_name: 'Amazing', allow_certificate_email_edits: true, allocated_credits: 50, original_allocated_credits: 50 },
    });
    const over = await team.admin.client.post(`/api/users/${user.id}/update-account-user`, {
      user: form({ first_name: 'Never', allocated_credits: 51 }),
    });
    expect(over.statusCode).toBe(400);
    const [row] = await laurel.context.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ first_name: 'Amazing', allocated_credits: 50 });

    const stranger = await teamAccount();
    const foreign = await stranger.admin.client.post(`/api/users/${user.id}/update-account-user`, { user: form() });
    expect(foreign.statusCode).toBe(404);
    const adminItself = await team.admin.client.post(`/api/users/${team.admin.user.id}/update-account-user`, { user: form() });
    expect(adminItself.statusCode).toBe(404);
  });
});

describe('POST /api/users/toggle-active', () => {
  it('deactivates (signing the user out) and reactivates only within the active limit', async () => {
    const team = await teamAccount();
    const sub = await subUser(laurel, team.accountId);
    const [subRow] = await laurel.context.db.select().from(users).where(eq(users.email, sub.email));
    const off = await team.admin.client.post('/api/users/toggle-active', { user_id: subRow!.id, active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().user).toMatchObject({ active: false, status: 'inactive' });
    expect((await sub.client.get('/api/auth/current')).statusCode).toBe(401);
    expect((await new ApiClient(laurel).login(sub.email, GOOD_PASSWORD)).statusCode).toBe(403);

    for (let i = 0; i < 5; i++) await added(team);
    const on = await team.admin.client.post('/api/users/toggle-active', { user_id: subRow!.id, active: true });
    expect(on.statusCode).toBe(400);
    expect(errorOf(on).message).toBe(TEAM_MESSAGES.activeLimit(5));
    expect((await laurel.context.db.select().from(users).where(eq(users.id, subRow!.id)))[0]!.active).toBe(false);

    const stranger = await teamAccount();
    expect((await stranger.admin.client.post('/api/users/toggle-active', { user_id: subRow!.id, active: false })).statusCode).toBe(404);
    const audits = await laurel.context.db.select().from(auditLog).where(eq(auditLog.user_id, subRow!.id)).orderBy(desc(auditLog.id));
    expect(audits.map((a) => a.action)).toContain('team.user_deactivated');
  });
});

describe('POST /api/users/{id}/delete-account-user', () => {
  it('deletes the sub-user; their projects stay with the account, now the admin’s', async () => {
    const team = await teamAccount();
    const sub = await subUser(laurel, team.accountId, { allow_all_certificate_sets: true });
    const projectId = await saveProject(sub.client, team.setId, 'Made by sub', [{ first: 'A', last: 'B', email: 'a@example.com' }]);
    const [subRow] = await laurel.context.db.select().from(users).where(eq(users.email, sub.email));

    const stranger = await teamAccount();
    expect((await stranger.admin.client.post(`/api/users/${subRow!.id}/delete-account-user`)).statusCode).toBe(404);
    const bySub = await sub.client.post(`/api/users/${subRow!.id}/delete-account-user`);
    expect(bySub.statusCode).toBe(403);

    const response = await team.admin.client.post(`/api/users/${subRow!.id}/delete-account-user`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('User deleted successfully.');
    expect(await laurel.context.db.select().from(users).where(eq(users.id, subRow!.id))).toHaveLength(0);
    const [project] = await laurel.context.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project).toMatchObject({ account_id: team.accountId, user_id: team.admin.user.id });
  });
});

describe('impersonation of a sub-user', () => {
  it('lands on /send or /build by the user’s rights, and switching back lands on /dashboard', async () => {
    const team = await teamAccount();
    const sender = await added(team);
    const designer = await added(team, { allow_certificate_email_edits: true });
    const asSender = await team.admin.client.post(`/api/users/${sender.id}/account-user-impersonate`);
    expect(asSender.statusCode, asSender.body).toBe(200);
    expect(asSender.json()).toMatchObject({ location: '/send', user: { id: sender.id, impersonated_by: 'Ada Lovelace' } });
    const asDesigner = await team.admin.client.post(`/api/users/${designer.id}/account-user-impersonate`);
    expect(asDesigner.json().location).toBe('/build');

    const acting = new ApiClient(laurel, asSender.json().token);
    const back = await acting.post('/api/users/impersonate-reset');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ location: '/dashboard', user: { id: team.admin.user.id, impersonated_by: null } });
    const actions = (await laurel.context.db.select().from(auditLog).where(eq(auditLog.account_id, team.accountId))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['user.impersonated', 'user.impersonation_ended']));
  });

  it('is refused without the plan, and for another tenant’s user', async () => {
    const team = await teamAccount();
    const user = await added(team);
    const stranger = await teamAccount();
    expect((await stranger.admin.client.post(`/api/users/${user.id}/account-user-impersonate`)).statusCode).toBe(404);
    await laurel.context.db.update(accounts).set({ stripe_plan: 'basic-monthly-3' }).where(eq(accounts.id, team.accountId));
    const refused = await team.admin.client.post(`/api/users/${user.id}/account-user-impersonate`);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe('Action not allowed');
  });
});

describe('rights set through the form', () => {
  it('a sub-user allowed two of three sets lists only those and cannot read or change the third', async () => {
    const team = await teamAccount();
    const second = (await team.admin.client.post('/api/certificates', { name: 'Second' })).json().id as number;
    const third = (await team.admin.client.post('/api/certificates', { name: 'Third' })).json().id as number;
    const user = await added(team, {
      allow_all_certificate_sets: false,
      allowed_certificate_sets: [team.setId, second],
      allow_certificate_set_edits: true,
    });
    const client = await acceptInvitation(user.email);
    const list = (await client.get('/api/certificates?limit=10&offset=0')).json();
    expect(list.certificates.map((c: { id: number }) => c.id).sort()).toEqual([team.setId, second].sort());
    expect((await client.get(`/api/certificates/${second}`)).statusCode).toBe(200);
    expect((await client.get(`/api/certificates/${third}`)).statusCode).toBe(404);
    const change = await client.call('PUT', `/api/certificates/${third}`, { name: 'Taken over' });
    expect([403, 404]).toContain(change.statusCode);
    expect((await team.admin.client.get(`/api/certificates/${third}`)).json().name).toBe('Third');
  });

  it('a sub-user sees their own projects and those of the colleagues chosen for them', async () => {
    const team = await teamAccount();
    const alice = await subUser(laurel, team.accountId, { allow_all_certificate_sets: true });
    const bob = await subUser(laurel, team.accountId, { allow_all_certificate_sets: true });
    const person = [{ first: 'A', last: 'B', email: 'a@example.com' }];
    const aliceProject = await saveProject(alice.client, team.setId, 'Alice work', person);
    const bobProject = await saveProject(bob.client, team.setId, 'Bob work', person);
    const adminProject = await saveProject(team.admin.client, team.setId, 'Admin work', person);
    const [aliceRow] = await laurel.context.db.select().from(users).where(eq(users.email, alice.email));
    const watcher = await added(team, { allowed_users: [aliceRow!.id] });
    const client = await acceptInvitation(watcher.email);
    const seen = (await client.get('/api/projects?limit=50&offset=0')).json().projects.map((p: { id: number }) => p.id);
    expect(seen).toContain(aliceProject);
    expect(seen).not.toContain(bobProject);
    expect(seen).not.toContain(adminProject);
    expect((await client.get(`/api/projects/${bobProject}`)).statusCode).toBe(404);
  });
});

describe('a sub-user’s allocation', () => {
  it('refuses a send beyond it with nothing spent, and spends it with the account’s credits', async () => {
    const team = await teamAccount();
    await setCredits(team.accountId, 100);
    const user = await added(team, { allocated_credits: 2 });
    const client = await acceptInvitation(user.email);
    const three = [1, 2, 3].map((i) => ({ first: `P${i}`, last: 'Q', email: `p${i}.${user.id}@example.com` }));
    const big = await saveProject(client, team.setId, 'Three people', three);
    const refused = await client.post(`/api/projects/${big}/send-emails`, { sender_name: 'School' });
    expect(refused.statusCode).toBe(402);
    expect(errorOf(refused).message).toBe(allocationMessage(2));
    const read = async () => {
      const [account] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, team.accountId));
      const [row] = await laurel.context.db.select().from(users).where(eq(users.id, user.id));
      return { credits: account!.credits, allocated: row!.allocated_credits };
    };
    expect(await read()).toEqual({ credits: 100, allocated: 2 });

    const small = await saveProject(client, team.setId, 'Two people', three.slice(0, 2));
    const sent = await client.post(`/api/projects/${small}/send-emails`, { sender_name: 'School' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await read()).toEqual({ credits: 98, allocated: 0 });
  });
});

describe('transferring projects', () => {
  it('lists a user’s projects and moves exactly the named ones; anything else moves nothing', async () => {
    const team = await teamAccount();
    const alice = await subUser(laurel, team.accountId, { allow_all_certificate_sets: true });
    const person = [{ first: 'A', last: 'B', email: 'a@example.com' }];
    const a1 = await saveProject(alice.client, team.setId, 'Alice one', person);
    const a2 = await saveProject(alice.client, team.setId, 'Alice two', person);
    const a3 = await saveProject(alice.client, team.setId, 'Alice three', person);
    const adminProject = await saveProject(team.admin.client, team.setId, 'Admin own', person);
    const [aliceRow] = await laurel.context.db.select().from(users).where(eq(users.email, alice.email));
    const bob = await added(team);

    const listed = await team.admin.client.get(`/api/projects/user-projects?user_email=${encodeURIComponent(alice.email)}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((p: { id: number }) => p.id)).toEqual([a3, a2, a1]);

    const owners = async () =>
      Object.fromEntries(
        (await laurel.context.db.select().from(projects).where(eq(projects.account_id, team.accountId))).map((p) => [p.id, p.user_id]),
      );
    const before = await owners();
    const mixed = await team.admin.client.post('/api/projects/transfer-projects', {
      source_user: aliceRow!.id,
      target_user: bob.id,
      projects: [a1, adminProject],
    });
    expect(mixed.statusCode).toBe(400);
    expect(errorOf(mixed).message).toBe('Only projects of the source user can be transferred.');
    expect(await owners()).toEqual(before);

    const moved = await team.admin.client.post('/api/projects/transfer-projects', {
      source_user: aliceRow!.id,
      target_user: bob.id,
      projects: [a1, a3],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe('Projects successfully transferred');
    expect(await owners()).toEqual({ ...before, [a1]: bob.id, [a3]: bob.id });

    const stranger = await teamAccount();
    const foreign = await team.admin.client.post('/api/projects/transfer-projects', {
      source_user: stranger.admin.user.id,
      target_user: bob.id,
      projects: [a2],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await stranger.admin.client.get(`/api/projects/user-projects?user_email=${encodeURIComponent(alice.email)}`)).statusCode).toBe(
      404,
    );
    expect(
      (await alice.client.post('/api/projects/transfer-projects', { source_user: 1, target_user: 2, projects: [a2] })).statusCode,
    ).toBe(403);
  });
});
