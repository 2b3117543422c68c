import { ACCOUNT_DELETION_MESSAGES, type UserDto } from '@laurel/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, recipients, sessions, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, storeAccount } from './helpers/store-fixtures.ts';

let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel();
});
afterAll(async () => {
  await laurel?.close();
});

/** A recipient who signed up for the portal: a user without roles or account, signed in. */
async function portalUser() {
  const email = uniqueEmail('recipient');
  const [user] = await laurel.context.db
    .insert(users)
    .values({
      email,
      username: email,
      first_name: 'Rita',
      last_name: 'Levi',
      roles: [],
      password_hash: await hashPassword(GOOD_PASSWORD),
      confirmed_at: new Date(),
    })
    .returning();
  const client = new ApiClient(laurel);
  expect((await client.login(email, GOOD_PASSWORD)).statusCode).toBe(200);
  return { client, email, id: user!.id };
}

describe('POST /api/users/change-portal-user-name', () => {
  it('renames a portal user', async () => {
    const portal = await portalUser();
    const response = await portal.client.post('/api/users/change-portal-user-name', { first_name: 'Rosalind', last_name: 'Franklin' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Your name was updated.' });
    const me = (await portal.client.get('/api/auth/current')).json<UserDto>();
    expect([me.first_name, me.last_name]).toEqual(['Rosalind', 'Franklin']);
  });

  it('refuses an empty name and keeps the old one', async () => {
    const portal = await portalUser();
    const response = await portal.client.post('/api/users/change-portal-user-name', { first_name: ' ', last_name: 'Franklin' });
    expect(response.statusCode).toBe(400);
    const [row] = await laurel.context.db.select().from(users).where(eq(users.id, portal.id));
    expect(row?.first_name).toBe('Rita');
  });

  it('is not for users with roles', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const response = await admin.client.post('/api/users/change-portal-user-name', { first_name: 'X', last_name: 'Y' });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(ACCOUNT_DELETION_MESSAGES.nameNotUpdated);
  });

  it('needs a session', async () => {
    const response = await new ApiClient(laurel).post('/api/users/change-portal-user-name', { first_name: 'X', last_name: 'Y' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/users/delete-portal-user', () => {
  it('removes the portal sign-in and its sessions, and leaves the certificates issued to that address with their issuer', async () => {
    const portal = await portalUser();
    const issuer = await storeAccount(laurel);
    const projectId = await saveProject(issuer.admin.client, issuer.setId, 'Sailing', [
      { first: 'Rita', last: 'Levi', email: portal.email },
    ]);

    const response = await portal.client.post('/api/users/delete-portal-user');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().success).toBe(true);

    expect(await laurel.context.db.select().from(users).where(eq(users.id, portal.id))).toEqual([]);
    expect(await laurel.context.db.select().from(sessions).where(eq(sessions.user_id, portal.id))).toEqual([]);
    expect((await portal.client.get('/api/auth/current')).statusCode).toBe(401);
    expect((await new ApiClient(laurel).login(portal.email, GOOD_PASSWORD)).statusCode).toBe(401);

    const kept = await laurel.context.db
      .select()
      .from(recipients)
      .where(and(eq(recipients.project_id, projectId), eq(recipients.email, portal.email)));
    expect(kept).toHaveLength(1);
    const [entry] = await laurel.context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.user_id, portal.id), eq(auditLog.action, 'portal_user.deleted')));
    expect(entry?.details).toEqual({ email: portal.email });
  });

  it('refuses a user with roles, whose sign-in belongs to an issuer account', async () => {
    const admin = await registerConfirmedAdmin(laurel);
    const response = await admin.client.post('/api/users/delete-portal-user');
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(ACCOUNT_DELETION_MESSAGES.portalHasRoles);
    expect(await laurel.context.db.select().from(users).where(eq(users.id, admin.user.id))).toHaveLength(1);
    expect((await admin.client.get('/api/auth/current')).statusCode).toBe(200);
  });
});
