import type { Browser, Page } from 'playwright-core';
import { accounts, users } from '../../apps/server/src/db/schema.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.ts';
import { grantCredits } from '../../apps/server/src/modules/credits/ledger.ts';
import type { RunningLaurel } from './server.ts';

/** The password of every user these tests make. */
export const PASSWORD = 'violet-meadow-lantern-42';

/** A certificate an import can fill: a heading, the recipient's name and the course they completed. */
export const CERTIFICATE_ELEMENTS = [
  {
    type: 'text',
    content: 'Certificate of Competence',
    styles: {
      left: '70px',
      top: '120px',
      width: '500px',
      height: '40px',
      'font-size': '30px',
      'font-family': 'Cinzel',
      'text-align': 'center',
    },
  },
  {
    type: 'name',
    content: '[FIRST NAME] [LAST NAME]',
    styles: {
      left: '35px',
      top: '210px',
      width: '570px',
      height: '50px',
      'font-size': '40px',
      'font-family': 'Great Vibes',
      'text-align': 'center',
    },
  },
  {
    type: 'dynamicText',
    content: 'for completing [COURSE]',
    styles: { left: '120px', top: '290px', width: '400px', height: '30px', 'font-size': '16px', 'text-align': 'center' },
  },
];

/**
 * The API as the issuer's browser would call it, for setting the scene quickly: straight into the
 * server, with the Host header the browser sends.
 */
export function apiOf(server: RunningLaurel) {
  return async function call(token: string | null, method: string, url: string, body?: unknown) {
    const response = await server.laurel.app.inject({
      method: method as 'GET',
      url,
      headers: { host: `localhost:${server.port}`, ...(token ? { authentication: token } : {}) },
      ...(body ? { payload: body as object } : {}),
    });
    return response.json();
  };
}

/** A confirmed user of an account, who can sign in with `PASSWORD`. */
export async function addUser(
  server: RunningLaurel,
  user: { email: string; accountId: number; role: 'account_admin' | 'account_user'; first_name?: string; last_name?: string },
): Promise<void> {
  await server.laurel.context.db.insert(users).values({
    email: user.email,
    username: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    roles: [user.role],
    account_id: user.accountId,
    password_hash: await hashPassword(PASSWORD),
    confirmed_at: new Date(),
  });
}

export interface IssuerOptions {
  email: string;
  account: { name: string; url: string; allowed_sets?: number; plan?: string };
  /** Pay-as-you-go credits bought for the account; none without. */
  credits?: number;
  admin?: { first_name: string; last_name: string };
  /** Certificate sets made through the API, with `CERTIFICATE_ELEMENTS`. */
  sets?: string[];
  /** The account is in its first fortnight, on the free trial; otherwise its trial ended long ago. */
  trial?: boolean;
}

const DAY = 86_400_000;

/**
 * An account ready to send: its admin, a paid plan if named (exports and saved mappings are for paid
 * plans), credits, and certificate sets. Its free trial is over unless `trial` is set, so the account has
 * exactly its plan's features (docs/decisions/0069-what-a-trial-unlocks.md). The admin is signed in through the API
 * as the sign-in form would, CSRF token first; the token makes whatever else the test needs.
 */
export async function createIssuer(server: RunningLaurel, options: IssuerOptions) {
  const db = server.laurel.context.db;
  const { name, url, allowed_sets, plan } = options.account;
  const [account] = await db
    .insert(accounts)
    .values({
      name,
      url,
      allowed_sets,
      stripe_active: !!plan,
      stripe_plan: plan ?? null,
      trial_started_at: new Date(Date.now() - (options.trial ? 0 : 30 * DAY)),
    })
    .returning();
  const accountId = account!.id;
  await addUser(server, { email: options.email, accountId, role: 'account_admin', ...options.admin });
  if (options.credits) {
    await db.transaction((tx) =>
      grantCredits(tx as never, { accountId, bucket: 'payg', amount: options.credits!, kind: 'purchase', at: new Date() }),
    );
  }
  const call = apiOf(server);
  const csrf = (await call(null, 'GET', '/api/auth/csrf')).csrf_token;
  const token = (await call(null, 'POST', '/api/auth', { email: options.email, password: PASSWORD, csrf_token: csrf })).token as string;
  const sets: { id: number; name: string }[] = [];
  for (const set of options.sets ?? [])
    sets.push(await call(token, 'POST', '/api/certificates', { name: set, elements: CERTIFICATE_ELEMENTS }));
  return { token, accountId, sets };
}

/** A fresh browser page signed in through the sign-in form. */
export async function signIn(
  browser: Browser,
  server: RunningLaurel,
  email: string,
  options: { password?: string; viewport?: { width: number; height: number }; clipboard?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 } });
  if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(options.password ?? PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}
