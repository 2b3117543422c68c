import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { subUser } from './helpers/store-fixtures.ts';

let laurel: TestLaurel;
let root: ApiClient;
beforeAll(async () => {
  laurel = await startTestLaurel();
  root = new ApiClient(laurel);
  expect((await root.login('root@laurel.test', 'correct horse battery staple')).statusCode).toBe(200);
});
afterAll(async () => {
  await laurel?.close();
});

describe('admin settings', () => {
  it('are read and changed by super-admins only', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const sub = await subUser(laurel, admin.user.account!.id, { allow_all_users_projects: true });
    for (const client of [admin.client, sub.client]) {
      expect((await client.get('/api/settings')).statusCode).toBe(403);
      expect((await client.call('PUT', '/api/settings', { allow_promo_codes: false })).statusCode).toBe(403);
    }
    expect((await new ApiClient(laurel).get('/api/settings')).statusCode).toBe(401);
    expect((await root.get('/api/settings')).json()).toEqual({ allow_promo_codes: true, privacy_policy: '', terms_of_service: '' });
  });

  it('turn the promo code field off for sign-up, audited', async () => {
    const saved = await root.call('PUT', '/api/settings', { allow_promo_codes: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().allow_promo_codes).toBe(false);
    expect((await new ApiClient(laurel).get('/api/admin/settings/allow_promo_codes')).json()).toEqual({ value: false });
    const [entry] = await laurel.context.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.allow_promo_codes'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ details: { from: true, to: false } });
    await root.call('PUT', '/api/settings', { allow_promo_codes: true });
  });

  it('give /privacy and /terms their text, sanitised, and a default until then', async () => {
    const anonymous = new ApiClient(laurel);
    expect((await anonymous.get('/api/legal/terms')).json()).toEqual({ content: null, updated_at: null });
    const saved = await root.call('PUT', '/api/settings', {
      privacy_policy:
        '<h2>Your data</h2><p onclick="x()">We keep <a href="https://example.com/dpa">records</a>.</p><script>alert(1)</script>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = (await anonymous.get('/api/legal/privacy')).json();
    expect(page.content).toBe(
      '<h2>Your data</h2><p>We keep <a href="https://example.com/dpa" target="_blank" rel="noopener noreferrer">records</a>.</p>',
    );
    expect(page.updated_at).toEqual(expect.any(String));
    expect((await anonymous.get('/api/legal/cookies')).statusCode).toBe(400);
    const audited = await laurel.context.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, 'settings.privacy_policy')));
    expect(audited.length).toBe(1);
  });
});

describe('announcements', () => {
  it('are written by super-admins, sanitised, and shown to each user until they dismiss them', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    expect((await admin.client.get('/api/admin/announcements/active')).json()).toEqual({ announcement: null });
    expect((await admin.client.get('/api/admin/announcements')).statusCode).toBe(403);
    expect((await admin.client.call('PUT', '/api/admin/announcements', { title: 'Mine', content: '<p>x</p>', status: 1 })).statusCode).toBe(
      403,
    );

    const draft = await root.call('PUT', '/api/admin/announcements', { title: 'Maintenance', content: '<p>Soon</p>', status: 0 });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await admin.client.get('/api/admin/announcements/active')).json()).toEqual({ announcement: null });

    const published = await root.call('PUT', '/api/admin/announcements', {
      id: draft.json().id,
      title: 'Maintenance on Sunday',
      content: '<p>Back at <strong>noon</strong>.<img src=x onerror="alert(1)"></p>',
      status: 1,
    });
    expect(published.json()).toMatchObject({ id: draft.json().id, status: 1, content: '<p>Back at <strong>noon</strong>.</p>' });
    const shown = { id: draft.json().id, title: 'Maintenance on Sunday', content: '<p>Back at <strong>noon</strong>.</p>' };
    expect((await admin.client.get('/api/admin/announcements/active')).json()).toEqual({ announcement: shown });
    const other = await registerConfirmedAdmin(laurel);

    expect((await admin.client.post('/api/users/show/modal/update-system/seen', {})).statusCode).toBe(200);
    expect((await admin.client.get('/api/admin/announcements/active')).json()).toEqual({ announcement: null });
    expect((await admin.client.get('/api/users/show/modal/update-system')).json()).toEqual([]);
    // Dismissed by one user, still shown to the next.
    expect((await other.client.get('/api/admin/announcements/active')).json()).toEqual({ announcement: shown });

    const listed = (await root.get('/api/admin/announcements')).json().announcements;
    expect(listed[0]).toMatchObject({ title: 'Maintenance on Sunday', status: 1 });
    const empty = await root.call('PUT', '/api/admin/announcements', { title: 'Blank', content: '<script>x</script>', status: 1 });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe('Write the announcement.');
  });
});
