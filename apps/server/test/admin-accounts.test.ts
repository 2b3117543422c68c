import { type AccountFilterReply, type AuditEntry, DEFAULT_CATEGORY, ADMIN_ACCOUNT_MESSAGES as M } from '@laurel/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, creditLedger, users } from '../src/db/schema.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

/** The super-admin's accounts console: each call's reply, its effect, and the audit row it leaves. */

let laurel: TestLaurel;
let root: ApiClient;
let rootId: number;
beforeAll(async () => {
  laurel = await startTestLaurel();
  root = new ApiClient(laurel);
  const signedIn = await root.login('root@laurel.test', 'correct horse battery staple');
  if (signedIn.statusCode !== 200) throw new Error(`super-admin sign-in failed: ${signedIn.body}`);
  rootId = signedIn.json<{ user: { id: number } }>().user.id;
});
afterAll(async () => {
  await laurel?.close();
});

/** The account's newest audit row, or its newest of one action (signing in writes rows of its own). */
async function lastAudit(accountId: number, action?: string) {
  const [row] = await laurel.context.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.account_id, accountId), action ? eq(auditLog.action, action) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

async function accountRow(accountId: number) {
  const [row] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, accountId));
  return row!;
}

async function fresh(overrides: Record<string, unknown> = {}) {
  const admin = await registerConfirmedAdmin(laurel, overrides);
  return { ...admin, accountId: admin.user.account!.id };
}

const filter = (query: string) => root.get(`/api/accounts/filter?${query}`);

describe('GET /api/accounts/filter', () => {
  it('finds an account by its admin’s email, with its admin, plan, credits and last sign-in', async () => {
    const a = await fresh({ account_name: 'Filterable Guild', category: 'Education' });
    const reply = await filter(`filters[]=${encodeURIComponent(`search:${a.email}`)}`);
    expect(reply.statusCode).toBe(200);
    const page = reply.json<AccountFilterReply>();
    expect(page.count).toBe(1);
    const [row] = page.accounts;
    expect(row).toMatchObject({
      id: a.accountId,
      name: 'Filterable Guild',
      category: 'Education',
      plan: { id: null, display_name: 'Free' },
      admin: { email: a.email, first_name: 'Ada', last_name: 'Lovelace', confirmed: true },
    });
    expect(row!.credits + row!.subscription_credits).toBe(
      (await accountRow(a.accountId)).credits + (await accountRow(a.accountId)).subscription_credits,
    );
    expect(row!.last_login_at).not.toBeNull();
    expect(page.categories.map((c) => c.id)).toContain('Education');
    expect(page.plans[0]).toEqual({ id: 'free', title: 'Free' });
  });

  it('answers no category for an account that gave none, never the form’s placeholder, and filters by it', async () => {
    const silent = await fresh({ account_name: 'Quiet Guild' });
    expect((await accountRow(silent.accountId)).category).toBe(DEFAULT_CATEGORY);
    const page = (await filter(`filters[]=${encodeURIComponent(`search:${silent.email}`)}`)).json<AccountFilterReply>();
    expect(page.accounts[0]).toMatchObject({ id: silent.accountId, category: null });
    expect(page.categories.map((c) => c.title)).not.toContain(DEFAULT_CATEGORY);
    expect(page.categories.at(-1)).toEqual({ id: '', title: 'Not given' });

    const none = (await filter(`filters[]=category:&filters[]=${encodeURIComponent(`search:${silent.email}`)}`)).json<AccountFilterReply>();
    expect(none.accounts.map((r) => r.id)).toEqual([silent.accountId]);
    const placeholder = encodeURIComponent(`category:${DEFAULT_CATEGORY}`);
    expect((await filter(`filters[]=${placeholder}&limit=100`)).json<AccountFilterReply>().accounts.map((r) => r.id)).toContain(
      silent.accountId,
    );
  });

  it('filters by plan, category and ban, sorts, pages and bounds the creation date', async () => {
    const category = `Cat ${Date.now()}`;
    const paid = await fresh({ category, account_name: 'Zeta Paid' });
    const free = await fresh({ category, account_name: 'Alpha Free' });
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'basic-monthly-3' })
      .where(eq(accounts.id, paid.accountId));
    const cat = encodeURIComponent(`category:${category}`);

    const byName = (await filter(`filters[]=${cat}&sorting[]=name:asc`)).json<AccountFilterReply>();
    expect(byName.accounts.map((r) => r.id)).toEqual([free.accountId, paid.accountId]);
    expect(byName.count).toBe(2);

    const plan = (await filter(`filters[]=${cat}&filters[]=plan:basic-monthly-3`)).json<AccountFilterReply>();
    expect(plan.accounts.map((r) => r.id)).toEqual([paid.accountId]);
    expect(plan.accounts[0]!.plan.id).toBe('basic-monthly-3');

    const onFree = (await filter(`filters[]=${cat}&filters[]=plan:free`)).json<AccountFilterReply>();
    expect(onFree.accounts.map((r) => r.id)).toEqual([free.accountId]);

    const second = (await filter(`filters[]=${cat}&sorting[]=name:asc&limit=1&offset=1`)).json<AccountFilterReply>();
    expect(second.accounts.map((r) => r.id)).toEqual([paid.accountId]);
    expect(second.count).toBe(2);

    expect((await filter(`filters[]=${cat}&filters[]=banned:1`)).json<AccountFilterReply>().count).toBe(0);
    expect((await filter(`filters[]=${cat}&dateStart=2000-01-01&dateEnd=2000-12-31`)).json<AccountFilterReply>().count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await filter(`filters[]=${cat}&dateStart=2000-01-01&dateEnd=${today}`)).json<AccountFilterReply>().count).toBe(2);
  });

  it('refuses an unknown filter or sort field', async () => {
    const reply = await filter('filters[]=colour:red');
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).errors[0]).toBe('Unknown filter: colour.');
    expect((await filter('sorting[]=colour:asc')).statusCode).toBe(400);
  });

  it('is refused to an account admin and to a super-admin acting as one', async () => {
    const a = await fresh();
    expect((await a.client.get('/api/accounts/filter')).statusCode).toBe(403);
    const acting = await root.post(`/api/users/${a.user.id}/impersonate`);
    const as = new ApiClient(laurel, acting.json<{ token: string }>().token);
    expect((await as.get('/api/accounts/filter')).statusCode).toBe(403);
    expect((await as.post('/api/ban-account', { account_id: a.accountId, ban: true })).statusCode).toBe(403);
  });
});

describe('actions on an account', () => {
  it('grants credits through the ledger with the reason, and audits it', async () => {
    const a = await fresh();
    const before = await accountRow(a.accountId);
    const reply = await root.call('PUT', `/api/accounts/${a.accountId}/admin-update`, { add_credits: 120, reason: 'Conference sponsor' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ credits: before.credits + 120 });
    const [entry] = await laurel.context.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.account_id, a.accountId), eq(creditLedger.kind, 'admin_grant')));
    expect(entry).toMatchObject({ delta: 120, bucket: 'payg', note: 'Conference sponsor', actor_id: rootId });
    expect(await lastAudit(a.accountId)).toMatchObject({ action: 'account.admin_update', actor_id: rootId });
  });

  it('sets the editable notification days and keeps the others', async () => {
    const a = await fresh();
    const reply = await root.call('PUT', `/api/account-notifys/${a.accountId}`, { notify_days: [10, 89] });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ message: M.notifyUpdated, notify_days: [7, 10, 13, 89] });
    expect((await accountRow(a.accountId)).notify_days).toEqual([7, 10, 13, 89]);
    expect(await lastAudit(a.accountId)).toMatchObject({ action: 'account.notify_days' });
    const refused = await root.call('PUT', `/api/account-notifys/${a.accountId}`, { notify_days: [7] });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errors[0]).toBe(M.notEditableDay);
  });

  it('turns recipients-no-login on', async () => {
    const a = await fresh();
    const reply = await root.post('/api/accounts/recipients-no-login', { account_id: a.accountId, recipients_no_login: true });
    expect(reply.json()).toEqual({ success: true, message: M.recipientsNoLoginOn });
    expect((await accountRow(a.accountId)).recipients_no_login).toBe(true);
    expect(await lastAudit(a.accountId)).toMatchObject({ action: 'account.recipients_no_login', details: { from: false, to: true } });
  });

  it('emails the admins of the chosen accounts through the outbox', async () => {
    const a = await fresh();
    const reply = await root.post('/api/send-email-accounts', {
      account_ids: [a.accountId],
      subject: 'Planned maintenance',
      message: 'Hello <b>all</b>\n\nBack soon.',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ message: M.emailQueued(1), queued: 1 });
    const [mail] = (await laurel.mailsTo(a.email)).filter((m) => m.kind === 'admin_announcement');
    expect(mail).toMatchObject({ subject: 'Planned maintenance', text: 'Hello <b>all</b>\n\nBack soon.\n' });
    expect(mail!.html).toContain('Hello &lt;b&gt;all&lt;/b&gt;');
    expect(await lastAudit(a.accountId)).toMatchObject({ action: 'account.emailed' });
    const none = await root.post('/api/send-email-accounts', { account_ids: [2_000_000_000], subject: 'x', message: 'y' });
    expect(errorOf(none).errors[0]).toBe(M.noRecipients);
  });

  it('restarts the free trial', async () => {
    const a = await fresh();
    const old = new Date(Date.now() - 30 * 86_400_000);
    await laurel.context.db.update(accounts).set({ trial_started_at: old }).where(eq(accounts.id, a.accountId));
    const reply = await root.post('/api/reset-freetrial', { account_id: a.accountId });
    expect(reply.json()).toEqual({ success: true, message: M.trialReset });
    expect((await accountRow(a.accountId)).trial_started_at.getTime()).toBeGreaterThan(old.getTime() + 29 * 86_400_000);
    expect((await a.client.get('/api/auth/current')).json()).toMatchObject({ account: { trial_days_remaining: 14 } });
    expect(await lastAudit(a.accountId)).toMatchObject({ action: 'account.trial_reset' });
  });

  it('bans an account (its sessions end, sign-in refused) and unbans it', async () => {
    const a = await fresh();
    const ban = await root.post('/api/ban-account', { account_id: a.accountId, ban: true });
    expect(ban.json()).toEqual({ success: true, message: M.banned });
    expect((await a.client.get('/api/auth/current')).statusCode).toBe(401);
    const refused = await new ApiClient(laurel).login(a.email, GOOD_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).error_type).toBe('user_is_banned');
    expect(await lastAudit(a.accountId)).toMatchObject({ action: 'account.banned', details: { users: 1 } });
    expect((await filter(`filters[]=banned:1&filters[]=${encodeURIComponent(`search:${a.email}`)}`)).json<AccountFilterReply>().count).toBe(
      1,
    );

    const unban = await root.post('/api/ban-account', { account_id: a.accountId, ban: false });
    expect(unban.json()).toEqual({ success: true, message: M.unbanned });
    expect((await new ApiClient(laurel).login(a.email, GOOD_PASSWORD)).statusCode).toBe(200);
    expect(await lastAudit(a.accountId, 'account.unbanned')).toMatchObject({ actor_id: rootId });
  });

  it("changes a user's password and ends their sessions", async () => {
    const a = await fresh();
    const weak = await root.post(`/api/users/${a.user.id}/password-change`, { password: 'short' });
    expect(weak.statusCode).toBe(400);
    const reply = await root.post(`/api/users/${a.user.id}/password-change`, { password: 'granite-harbour-evening-77' });
    expect(reply.json()).toEqual({ success: true, message: M.passwordChanged });
    expect((await a.client.get('/api/auth/current')).statusCode).toBe(401);
    expect((await new ApiClient(laurel).login(a.email, 'granite-harbour-evening-77')).statusCode).toBe(200);
    expect(await lastAudit(a.accountId, 'user.password_set_by_admin')).toMatchObject({ user_id: a.user.id, actor_id: rootId });
  });

  it('confirms a user once', async () => {
    const a = await fresh();
    const email = uniqueEmail('unconfirmed');
    const [user] = await laurel.context.db
      .insert(users)
      .values({ email, username: email, roles: ['account_user'], account_id: a.accountId })
      .returning({ id: users.id });
    const reply = await root.post('/api/confirm-user', { user_id: user!.id });
    expect(reply.json()).toEqual({ success: true, message: M.userConfirmed });
    const [row] = await laurel.context.db.select().from(users).where(eq(users.id, user!.id));
    expect(row!.confirmed_at).not.toBeNull();
    expect(await lastAudit(a.accountId)).toMatchObject({ action: 'user.confirmed_by_admin', user_id: user!.id });
    expect(errorOf(await root.post('/api/confirm-user', { user_id: user!.id })).errors[0]).toBe(M.alreadyConfirmed);
  });

  it('says plainly that billing cannot be re-read without Stripe', async () => {
    const a = await fresh();
    const reply = await root.post('/api/update-account-billing-information', { account_id: a.accountId });
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply).errors[0]).toBe(M.billingNotConfigured);
  });

  it('destroys a subscription back to Free through the billing service', async () => {
    const a = await fresh();
    await root.call('PUT', `/api/accounts/${a.accountId}/admin-update-plan`, { plan: 'advanced-monthly-3' });
    const reply = await root.delete(`/api/accounts/admin-destroy-subscription/${a.accountId}`);
    expect(reply.json()).toEqual({ success: true, message: M.subscriptionDestroyed });
    expect(await accountRow(a.accountId)).toMatchObject({ stripe_active: false, stripe_plan: null });
    expect(await lastAudit(a.accountId)).toMatchObject({ action: 'account.plan_cancelled', actor_id: rootId });
    const again = await root.delete(`/api/accounts/admin-destroy-subscription/${a.accountId}`);
    expect(errorOf(again).errors[0]).toBe(M.noSubscription);
  });

  it('deletes an account with all its data through the deletion service', async () => {
    const a = await fresh();
    const reply = await root.call('DELETE', '/api/delete-account', { account_id: a.accountId });
    expect(reply.json()).toEqual({ success: true, message: M.deletionRequested });
    expect((await accountRow(a.accountId))?.deleted_at ?? 'removed').not.toBeNull();
    expect((await a.client.get('/api/auth/current')).statusCode).toBe(401);
    const [audited] = await laurel.context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.account_id, a.accountId), eq(auditLog.action, 'account.deletion_requested')));
    expect(audited).toMatchObject({ actor_id: rootId });
    expect((await root.call('DELETE', '/api/delete-account', { account_id: a.accountId })).statusCode).toBe(404);
  });

  it("shows the account's history: what, who and from where, newest first", async () => {
    const a = await fresh();
    expect((await a.client.get(`/api/accounts/${a.accountId}/audit`)).statusCode).toBe(403);
    await root.post('/api/ban-account', { account_id: a.accountId, ban: true });
    await root.post('/api/ban-account', { account_id: a.accountId, ban: false });
    const reply = await root.get(`/api/accounts/${a.accountId}/audit?limit=2`);
    expect(reply.statusCode).toBe(200);
    const { entries, count } = reply.json<{ entries: AuditEntry[]; count: number }>();
    expect(count).toBeGreaterThanOrEqual(2);
    expect(entries.map((e) => e.action)).toEqual(['account.unbanned', 'account.banned']);
    expect(entries[0]!.actor).toEqual({ id: rootId, email: 'root@laurel.test' });
    expect(entries[0]!.ip).toBeTruthy();
  });
});
