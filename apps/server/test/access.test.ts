import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
let superAdmin: ApiClient;
beforeAll(async () => {
  laurel = await startTestLaurel();
  superAdmin = new ApiClient(laurel);
  await superAdmin.login('root@laurel.test', 'correct horse battery staple');
});
afterAll(async () => {
  await laurel?.close();
});

describe('the outbox is for super-admins only', () => {
  it('answers 401 signed out, 403 to an account admin and lists messages for a super-admin', async () => {
    const { client: accountAdmin, email } = await registerConfirmedAdmin(laurel);
    expect((await new ApiClient(laurel).get('/api/admin/outbox')).statusCode).toBe(401);
    const denied = await accountAdmin.get('/api/admin/outbox');
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).errors[0]).toBe('Action not allowed');

    const list = await superAdmin.get('/api/admin/outbox?limit=100');
    expect(list.statusCode).toBe(200);
    const entry = list.json().messages.find((m: { to: string }) => m.to === email);
    expect(entry).toMatchObject({ subject: 'Confirm your Laurel account', kind: 'confirm', status: 'kept' });
    const detail = (await superAdmin.get(`/api/admin/outbox/${entry.id}`)).json();
    expect(detail.html).toContain('<table');
    expect(detail.text).toMatch(/\/user\/confirm\/[A-Za-z0-9_-]{43}/);
    expect(detail.headers['Message-ID']).toMatch(/^<.+@laurel\.localhost>$/);
    expect((await superAdmin.get('/api/admin/outbox/999999')).statusCode).toBe(404);
  });
});

describe('users without roles', () => {
  it('are refused account and admin calls', async () => {
    const email = uniqueEmail('recipient');
    await laurel.context.db
      .insert(users)
      .values({ email, username: email, roles: [], confirmed_at: new Date(), password_hash: await hashPassword(GOOD_PASSWORD) });
    const recipient = new ApiClient(laurel);
    await recipient.login(email, GOOD_PASSWORD);
    expect((await recipient.get('/api/auth/current')).json().roles).toEqual([]);
    expect((await recipient.get('/api/admin/outbox')).statusCode).toBe(403);
  });

  it('become the admin of a new account when they register while signed in', async () => {
    const email = uniqueEmail('recipient');
    await laurel.context.db
      .insert(users)
      .values({ email, username: email, roles: [], confirmed_at: new Date(), password_hash: await hashPassword(GOOD_PASSWORD) });
    const recipient = new ApiClient(laurel);
    await recipient.login(email, GOOD_PASSWORD);
    const registered = await recipient.post('/api/registration/account', {
      email,
      first_name: 'Rita',
      last_name: 'Levi',
      account_name: 'Neuro Lab',
      url: `neuro${Date.now()}`,
    });
    expect(registered.json()).toMatchObject({ success: true, location: '/dashboard' });
    const me = (await recipient.get('/api/auth/current')).json();
    expect(me).toMatchObject({ roles: [{ name: 'account_admin' }], account: { name: 'Neuro Lab' } });
  });
});

describe('portal hosts (subdomain rules)', () => {
  it('answer only portal API calls and say which account they belong to', async () => {
    const { url, client } = await registerConfirmedAdmin(laurel);
    const portal = new ApiClient(laurel, null, `${url}.laurel.test`);
    const config = (await portal.get('/api/config')).json();
    expect(config.host).toMatchObject({ on_portal_host: true, credentials_portal: false, account: { url, name: 'Analytical Engines' } });
    expect((await portal.post('/api/auth', { email: 'x@y.co', password: 'x' })).statusCode).toBe(404);
    expect((await portal.post('/api/registration/account', {})).statusCode).toBe(404);
    expect((await client.withHost(`${url}.laurel.test`).get('/api/admin/outbox')).statusCode).toBe(404);
    expect((await portal.get('/api/auth/csrf')).statusCode).toBe(200);
  });

  it('redirect page requests outside the portal to /portal, or /credentials on the credentials portal', async () => {
    const page = (host: string, url: string) => laurel.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });
    const dashboard = await page('acme.laurel.test', '/dashboard');
    expect(dashboard.statusCode).toBe(302);
    expect(dashboard.headers.location).toBe('/portal');
    expect((await page('acme.laurel.test', '/')).headers.location).toBe('/portal');
    expect((await page('credentials.laurel.test', '/build')).headers.location).toBe('/credentials');
    for (const allowed of ['/portal/login', '/user/confirm/abc', '/user/reset/abc', '/credentials/login']) {
      expect((await page('acme.laurel.test', allowed)).statusCode, allowed).not.toBe(302);
    }
    expect((await page('laurel.test', '/dashboard')).statusCode).not.toBe(302);
    expect((await page('www.laurel.test', '/dashboard')).statusCode).not.toBe(302);
  });
});

describe('impersonation', () => {
  it('lets a super-admin act as any user and switch back with a new token', async () => {
    const { user } = await registerConfirmedAdmin(laurel);
    const admin = new ApiClient(laurel);
    await admin.login('root@laurel.test', 'correct horse battery staple');
    const adminToken = admin.token;
    const acting = await admin.post(`/api/users/${user.id}/impersonate`);
    expect(acting.json()).toMatchObject({ location: '/dashboard', user: { id: user.id, impersonated_by: 'Laurel Administrator' } });
    admin.token = acting.json().token;
    expect((await admin.get('/api/auth/current')).json().id).toBe(user.id);
    const back = await admin.post('/api/users/impersonate-reset');
    expect(back.json()).toMatchObject({ location: '/dashboard', user: { roles: [{ name: 'global_admin' }], impersonated_by: null } });
    expect(back.json().token).not.toBe(adminToken);
    const oldImpersonation = new ApiClient(laurel, acting.json().token);
    expect((await oldImpersonation.get('/api/auth/current')).statusCode).toBe(401);
  });

  it('lets an account admin act only as sub-users of their own account', async () => {
    const owner = await registerConfirmedAdmin(laurel);
    const stranger = await registerConfirmedAdmin(laurel);
    // Acting as a sub-user is part of managing users, which the plan must allow.
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'professional-monthly-3' })
      .where(eq(accounts.id, owner.user.account!.id));
    const email = uniqueEmail('sub');
    const [sub] = await laurel.context.db
      .insert(users)
      .values({
        account_id: owner.user.account!.id,
        email,
        username: email,
        roles: ['account_user'],
        confirmed_at: new Date(),
        password_hash: await hashPassword(GOOD_PASSWORD),
        allow_certificate_set_create: true,
      })
      .returning();
    const acting = await owner.client.post(`/api/users/${sub!.id}/account-user-impersonate`);
    expect(acting.json()).toMatchObject({ location: '/build', user: { id: sub!.id } });
    expect((await stranger.client.post(`/api/users/${sub!.id}/account-user-impersonate`)).statusCode).toBe(404);
    expect((await owner.client.post(`/api/users/${stranger.user.id}/account-user-impersonate`)).statusCode).toBe(404);
    expect((await owner.client.post(`/api/users/${sub!.id}/impersonate`)).statusCode).toBe(403);
  });
});
