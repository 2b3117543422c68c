import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { accounts, users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { grantCredits } from '../../src/modules/credits/ledger.ts';
import { ApiClient, GOOD_PASSWORD, registerConfirmedAdmin, uniqueEmail } from './api.ts';
import type { TestLaurel } from './laurel.ts';
import { endTrial } from './trial.ts';

export type Admin = Awaited<ReturnType<typeof registerConfirmedAdmin>>;

/**
 * An account with credits, room for sets and one certificate with a data field and an expiration date: on Basic when
 * `premium`, else on the free tier. Its trial is over, so that losing the plan means the free tier.
 */
export async function storeAccount(laurel: TestLaurel, options: { premium?: boolean; name?: string } = {}) {
  const admin = await registerConfirmedAdmin(laurel, options.name ? { account_name: options.name } : {});
  const accountId = admin.user.account!.id;
  await endTrial(laurel, accountId);
  await laurel.context.db
    .update(accounts)
    .set({ allowed_sets: 5, ...(options.premium ? { stripe_active: true, stripe_plan: 'basic-monthly-3' } : {}) })
    .where(eq(accounts.id, accountId));
  await laurel.context.db.transaction((tx) =>
    grantCredits(tx as unknown as Db, { accountId, bucket: 'payg', amount: 2_000, kind: 'purchase', at: new Date() }),
  );
  const set = await admin.client.post('/api/certificates', {
    name: 'Seamanship',
    expiration_date_format: 'DD/MM/YYYY',
    elements: [
      {
        type: 'name',
        content: '[FIRST NAME] [LAST NAME]',
        styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '28px' },
      },
      { type: 'dynamicText', content: 'for completing [COURSE]', styles: { left: '120px', top: '260px', width: '400px', height: '30px' } },
      { type: 'expiration_date', content: '[EXPIRATION_DATE]', styles: { left: '120px', top: '320px', width: '300px', height: '30px' } },
    ],
  });
  expect(set.statusCode).toBe(200);
  return { admin, accountId, setId: set.json().id as number };
}

export interface Person {
  first: string;
  last: string;
  email: string;
  course?: string;
}

export async function saveProject(client: ApiClient, setId: number, title: string, people: Person[], memo = '') {
  const response = await client.post('/api/projects', {
    title,
    key: memo,
    certificate_id: setId,
    recipients: people.map((p) => ({
      FIRST_NAME: p.first,
      LAST_NAME: p.last,
      'Email Address': p.email,
      COURSE: p.course ?? 'Navigation',
      EXPIRATION_DATE: '31/12/2030',
    })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

/** Sends every unsent recipient of a project and waits until none is pending. */
export async function sendAndSettle(client: ApiClient, projectId: number) {
  const send = await client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Harbour School' });
  expect(send.statusCode, send.body).toBe(200);
  for (let i = 0; i < 600; i++) {
    const progress = (await client.get(`/api/projects/${projectId}/progress`)).json();
    if (progress.finished) return progress;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('delivery did not finish');
}

/** A sub-user of the account, signed in. */
export async function subUser(laurel: TestLaurel, accountId: number, flags: Partial<typeof users.$inferInsert> = {}) {
  const email = uniqueEmail('sub');
  await laurel.context.db.insert(users).values({
    email,
    username: email,
    first_name: 'Sam',
    last_name: 'Sub',
    roles: ['account_user'],
    account_id: accountId,
    password_hash: await hashPassword(GOOD_PASSWORD),
    confirmed_at: new Date(),
    ...flags,
  });
  const client = new ApiClient(laurel);
  const login = await client.login(email, GOOD_PASSWORD);
  expect(login.statusCode, login.body).toBe(200);
  return { client, email };
}

export const put = (client: ApiClient, url: string, body: unknown) => client.call('PUT', url, body);
