import { SSO_MESSAGES as M, normalizeEmail, SOCIAL_PROVIDERS, type SocialProvider } from '@laurel/domain';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { Env } from '../../config/env.ts';
import type { AppContext } from '../../context.ts';
import { oidcLoginStates, users } from '../../db/schema.ts';
import { discoverProvider } from '../../net/oidc-discovery.ts';
import { decryptSecret, encryptSecret, hashToken, randomToken, safeEqual } from '../../secrets.ts';
import { handOver } from './handover.ts';

/** How long a sign-in may take, from the click on the button to the provider's return. */
const STATE_TTL_MS = 10 * 60_000;
/** Binds a sign-in to the browser that began it: a link to someone else's half-finished sign-in signs nobody in. */
export const BROWSER_COOKIE = 'laurel_social_login';
const COOKIE_PATH = '/login';

interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

function settingsOf(env: Env, provider: SocialProvider): ProviderSettings | null {
  const [id, secret, issuer]: [string | undefined, string | undefined, string] = {
    google: [env.OIDC_GOOGLE_CLIENT_ID, env.OIDC_GOOGLE_CLIENT_SECRET, env.OIDC_GOOGLE_ISSUER],
    azure: [env.OIDC_AZURE_CLIENT_ID, env.OIDC_AZURE_CLIENT_SECRET, env.OIDC_AZURE_ISSUER],
    linkedin: [env.OIDC_LINKEDIN_CLIENT_ID, env.OIDC_LINKEDIN_CLIENT_SECRET, env.OIDC_LINKEDIN_ISSUER],
  }[provider] as [string | undefined, string | undefined, string];
  return id && secret ? { issuer, clientId: id, clientSecret: secret } : null;
}

/** Which buttons the login page shows (`GET /api/config`). */
export function socialSignInOptions(env: Env): Record<SocialProvider, boolean> {
  return Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, settingsOf(env, p) !== null])) as Record<SocialProvider, boolean>;
}

const configuration = (env: Env, settings: ProviderSettings): Promise<oidc.Configuration> => discoverProvider(env, settings);

const redirectUri = (context: AppContext, provider: SocialProvider) => `${context.env.PUBLIC_URL}/login/${provider}/callback`;
const verifierContext = (stateHash: string) => `social-login:${stateHash}`;
export const loginError = (message: string) => `/login?callbackError=${encodeURIComponent(message)}`;

/** The credentials portal's host, the one portal a social sign-in may hand its session to (`account={host}`). */
function landingHost(context: AppContext, account: string | undefined): string | null {
  if (!account) return null;
  const host = account
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  const bare = host.replace(/:\d+$/, '');
  return bare === `credentials.${context.env.BASE_DOMAIN.toLowerCase()}` ? host : null;
}

/**
 * Begins the authorization code flow with PKCE, state and nonce, kept on the server for ten minutes
 * and bound to a cookie on this browser. Answers where to send the browser and the cookie to set.
 */
export async function startSocialLogin(
  context: AppContext,
  provider: SocialProvider,
  account: string | undefined,
): Promise<{ location: string; cookie?: string }> {
  const settings = settingsOf(context.env, provider);
  if (!settings) return { location: loginError(M.socialUnavailable) };
  const config = await configuration(context.env, settings);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const browser = randomToken();
  const stateHash = hashToken(state);
  const now = context.clock.now();
  await context.db.delete(oidcLoginStates).where(lt(oidcLoginStates.expires_at, now));
  await context.db.insert(oidcLoginStates).values({
    state_hash: stateHash,
    provider,
    code_verifier: encryptSecret(context.secret, verifier, verifierContext(stateHash)),
    nonce,
    browser_hash: hashToken(browser),
    landing_host: landingHost(context, account),
    expires_at: new Date(now.getTime() + STATE_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(context, provider),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const secure = context.env.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
  // Lax: the provider's return is a top-level navigation from another site, which Lax cookies accompany.
  const cookie = `${BROWSER_COOKIE}=${browser}; Path=${COOKIE_PATH}; Max-Age=${STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`;
  return { location: url.href, cookie };
}

function cookieValue(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/**
 * Whether the provider vouches for the address. Google and LinkedIn say `email_verified`; Microsoft
 * says it only where the tenant emits it, or `xms_edov` (the domain owner verified the address).
 */
function verifiedEmail(claims: oidc.IDToken): string | null {
  if (typeof claims.email !== 'string') return null;
  const verified = claims.email_verified === true || claims.email_verified === 'true' || claims.xms_edov === true;
  return verified ? claims.email : null;
}

/**
 * The provider's return: state (and its browser), then the code exchanged with the PKCE verifier and
 * the ID token's nonce checked by openid-client. An existing user with that verified address is signed
 * in; nobody is created. Answers where to send the browser.
 */
export async function finishSocialLogin(
  context: AppContext,
  provider: SocialProvider,
  request: FastifyRequest<{ Querystring: { state?: string; error?: string } }>,
): Promise<string> {
  const failed = loginError(M.failed);
  const state = request.query.state;
  if (!state) return failed;
  const stateHash = hashToken(state);
  const [pending] = await context.db
    .delete(oidcLoginStates)
    .where(
      and(
        eq(oidcLoginStates.state_hash, stateHash),
        eq(oidcLoginStates.provider, provider),
        gt(oidcLoginStates.expires_at, context.clock.now()),
      ),
    )
    .returning();
  const browser = cookieValue(request, BROWSER_COOKIE);
  if (!pending || !browser || !safeEqual(hashToken(browser), pending.browser_hash)) return failed;
  if (request.query.error) return failed;
  const settings = settingsOf(context.env, provider);
  if (!settings) return loginError(M.socialUnavailable);

  let email: string | null;
  try {
    const config = await configuration(context.env, settings);
    const tokens = await oidc.authorizationCodeGrant(
      config,
      new URL(request.url, redirectUri(context, provider)),
      {
        pkceCodeVerifier: decryptSecret(context.secret, pending.code_verifier, verifierContext(stateHash)),
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: redirectUri(context, provider) },
    );
    email = verifiedEmail(tokens.claims()!);
  } catch (error) {
    context.log.warn({ err: error, provider }, 'social sign-in failed');
    return failed;
  }
  if (!email) return loginError(M.socialUnverified);
  const [user] = await context.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (!user || user.banned || !user.active) return loginError(M.socialNoUser);
  if (pending.landing_host) {
    const scheme = new URL(context.env.PUBLIC_URL).protocol;
    return handOver(context, user.id, provider, `${scheme}//${pending.landing_host}`, '/credentials/login');
  }
  return handOver(context, user.id, provider);
}
