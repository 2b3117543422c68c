import { type AppConfig, type LoginResponse, SSO_MESSAGES as M } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcLoginStates } from '../src/db/schema.ts';
import { encryptSecret, hashToken } from '../src/secrets.ts';
import { ApiClient, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { startOidcProvider, type TestOidcProvider } from './helpers/oidc-provider.ts';

/**
 * "Sign in with Google" by OpenID Connect against a real provider (oidc-provider) standing in for
 * Google: the browser goes to the provider and back, and an existing user with that verified address
 * is signed in. State, nonce and PKCE are each checked: the provider requires PKCE, and a changed
 * state or a lost browser cookie signs nobody in.
 */

let oidc: TestOidcProvider;
let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;

beforeAll(async () => {
  oidc = await startOidcProvider({
    clientId: 'laurel-login',
    clientSecret: 'laurel-login-secret',
    redirectUris: ['http://laurel.test/login/google/callback'],
  });
  laurel = await startTestLaurel({
    env: {
      ALLOW_PRIVATE_TARGETS: '1',
      OIDC_GOOGLE_CLIENT_ID: 'laurel-login',
      OIDC_GOOGLE_CLIENT_SECRET: 'laurel-login-secret',
      OIDC_GOOGLE_ISSUER: oidc.issuer,
    },
  });
  admin = await registerConfirmedAdmin(laurel);
});
afterAll(async () => {
  await laurel?.close();
  await oidc?.close();
});

/** Cookies per origin, as a browser keeps them. */
class CookieJar {
  private readonly jar = new Map<string, Map<string, string>>();
  store(origin: string, setCookies: string[]) {
    const cookies = this.jar.get(origin) ?? new Map<string, string>();
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    this.jar.set(origin, cookies);
  }
  header(origin: string) {
    return [...(this.jar.get(origin) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const LAUREL = 'http://laurel.test';

async function laurelGet(path: string, jar: CookieJar) {
  const reply = await laurel.app.inject({ method: 'GET', url: path, headers: { host: 'laurel.test', cookie: jar.header(LAUREL) } });
  const setCookie = reply.headers['set-cookie'];
  if (setCookie) jar.store(LAUREL, Array.isArray(setCookie) ? setCookie : [String(setCookie)]);
  return reply;
}

/**
 * The browser's journey: the button, then every redirect followed by hand (the provider's over HTTP,
 * Laurel's through the app), carrying each origin's cookies. `tamper` may change Laurel's callback
 * address before it is opened. Answers where Laurel sent the browser last.
 */
async function signInWithGoogle(
  options: { start?: string; tamper?: (callback: URL) => void | Promise<void>; jar?: CookieJar; dropLaurelCookies?: boolean } = {},
): Promise<string> {
  const jar = options.jar ?? new CookieJar();
  const started = await laurelGet(options.start ?? '/login/google', jar);
  expect(started.statusCode).toBe(302);
  let location = String(started.headers.location);
  for (let hop = 0; hop < 20; hop++) {
    const url = new URL(location, oidc.issuer);
    if (url.origin === LAUREL) {
      if (url.pathname !== '/login/google/callback') return location;
      await options.tamper?.(url);
      const reply = await laurelGet(`${url.pathname}${url.search}`, options.dropLaurelCookies ? new CookieJar() : jar);
      expect(reply.statusCode).toBe(302);
      return String(reply.headers.location);
    }
    if (!url.href.startsWith(oidc.issuer)) return location;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url.origin) } });
    jar.store(url.origin, response.headers.getSetCookie());
    location = response.headers.get('location') ?? '';
    expect(location, `hop ${hop} to ${url.pathname} answered ${response.status}`).not.toBe('');
  }
  throw new Error('too many redirects');
}

const callbackError = (location: string) => new URL(location, LAUREL).searchParams.get('callbackError');

describe('social sign-in', () => {
  it('tells the login page which provider buttons to show', async () => {
    const config = (await new ApiClient(laurel).get('/api/config')).json<AppConfig>();
    expect(config.social_sign_in).toEqual({ google: true, azure: false, linkedin: false });
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const started = await laurelGet('/login/google', new CookieJar());
    const url = new URL(String(started.headers.location));
    expect(url.origin).toBe(oidc.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe('http://laurel.test/login/google/callback');
    expect(String(started.headers['set-cookie'])).toMatch(/laurel_social_login=.+HttpOnly; SameSite=Lax/);
  });

  it('signs in the existing user with that verified address', async () => {
    oidc.claims = { email: admin.email.toUpperCase(), email_verified: true };
    const location = await signInWithGoogle();
    expect(location).toMatch(/^http:\/\/laurel\.test\/login#sso=/);
    const session = await new ApiClient(laurel).post('/api/sso/handover', { code: new URL(location).hash.slice('#sso='.length) });
    expect(session.statusCode, session.body).toBe(200);
    const body = session.json<LoginResponse>();
    expect(body.user.email).toBe(admin.email);
    expect(body.location).toBe('/dashboard');
    expect((await new ApiClient(laurel, body.token).get('/api/auth/current')).statusCode).toBe(200);
  });

  it('refuses a changed state', async () => {
    oidc.claims = { email: admin.email, email_verified: true };
    const location = await signInWithGoogle({ tamper: (url) => url.searchParams.set('state', 'forged-state-value') });
    expect(callbackError(location)).toBe(M.failed);
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    oidc.claims = { email: admin.email, email_verified: true };
    const location = await signInWithGoogle({
      tamper: async () => {
        await laurel.context.db.update(oidcLoginStates).set({ nonce: 'another-nonce-entirely' });
      },
    });
    expect(callbackError(location)).toBe(M.failed);
  });

  it('refuses the exchange when the PKCE verifier does not match the challenge', async () => {
    oidc.claims = { email: admin.email, email_verified: true };
    const location = await signInWithGoogle({
      tamper: async (url) => {
        const stateHash = hashToken(url.searchParams.get('state')!);
        const verifier = encryptSecret(laurel.context.secret, 'x'.repeat(43), `social-login:${stateHash}`);
        await laurel.context.db.update(oidcLoginStates).set({ code_verifier: verifier }).where(eq(oidcLoginStates.state_hash, stateHash));
      },
    });
    expect(callbackError(location)).toBe(M.failed);
  });

  it('refuses a return in another browser (no state cookie)', async () => {
    oidc.claims = { email: admin.email, email_verified: true };
    const location = await signInWithGoogle({ dropLaurelCookies: true });
    expect(callbackError(location)).toBe(M.failed);
  });

  it('refuses an address the provider has not verified, and one with no user', async () => {
    oidc.claims = { email: admin.email, email_verified: false };
    expect(callbackError(await signInWithGoogle())).toBe(M.socialUnverified);
    oidc.claims = { email: 'stranger@example.org', email_verified: true };
    expect(callbackError(await signInWithGoogle())).toBe(M.socialNoUser);
  });

  it('hands the session to the credentials portal when the button there names it', async () => {
    oidc.claims = { email: admin.email, email_verified: true };
    const location = await signInWithGoogle({ start: '/login/google?account=credentials.laurel.test' });
    expect(location.startsWith('http://credentials.laurel.test/credentials/login#sso=')).toBe(true);
    const code = new URL(location).hash.slice('#sso='.length);
    const session = await new ApiClient(laurel, null, 'credentials.laurel.test').post('/api/sso/handover', { code });
    expect(session.statusCode, session.body).toBe(200);
  });

  it('does not hand a session to any other host', async () => {
    oidc.claims = { email: admin.email, email_verified: true };
    const location = await signInWithGoogle({ start: '/login/google?account=evil.example.org' });
    expect(location.startsWith(`${LAUREL}/login#sso=`)).toBe(true);
  });

  it('answers an unconfigured provider on the login page', async () => {
    const reply = await laurelGet('/login/linkedin', new CookieJar());
    expect(reply.statusCode).toBe(302);
    expect(callbackError(String(reply.headers.location))).toBe(M.socialUnavailable);
  });
});
