import { EMAIL_SETTINGS_MESSAGES as M, OAUTH_ERROR_FLAGS, type OauthProvider } from '@laurel/domain';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { AppContext } from '../../context.ts';
import { accountEmailSettings, emailOauthStates } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { decryptSecret, encryptSecret, hashToken, randomToken, safeEqual } from '../../secrets.ts';
import { rememberAccessToken, tokenContext } from './access-tokens.ts';
import { providerConfiguration, providerSettings } from './providers.ts';

/** How long an authorisation may take, from the click on Connect to the provider's return. */
const STATE_TTL_MS = 10 * 60_000;
/** Binds an authorisation to the browser that began it, so a link to someone else's consent page connects nothing. */
export const BROWSER_COOKIE = 'laurel_email_oauth';
const COOKIE_PATH = '/api/email-settings/oauth';
export const SETTINGS_PAGE = '/account/email-settings';

const redirectUri = (context: AppContext, provider: OauthProvider) =>
  `${context.env.PUBLIC_URL}/api/email-settings/oauth/${provider}/callback`;
const verifierContext = (stateHash: string) => `email-oauth-state:${stateHash}`;

function configured(context: AppContext, provider: OauthProvider) {
  const settings = providerSettings(context.env, provider);
  if (!settings) throw badRequest(M.providerUnavailable);
  return settings;
}

/**
 * Begins an authorisation code flow with PKCE: the state and verifier are kept on the server for ten
 * minutes, bound to the admin and to a cookie set on this browser. Answers where to send the browser
 * and the cookie to set.
 */
export async function startOauth(context: AppContext, user: { id: number; accountId: number }, provider: OauthProvider) {
  const settings = configured(context, provider);
  const config = await providerConfiguration(context.env, settings);
  const state = oidc.randomState();
  const verifier = oidc.randomPKCECodeVerifier();
  const browser = randomToken();
  const stateHash = hashToken(state);
  const now = context.clock.now();
  await context.db.delete(emailOauthStates).where(lt(emailOauthStates.expires_at, now));
  await context.db.insert(emailOauthStates).values({
    state_hash: stateHash,
    account_id: user.accountId,
    user_id: user.id,
    provider,
    code_verifier: encryptSecret(context.secret, verifier, verifierContext(stateHash)),
    browser_hash: hashToken(browser),
    expires_at: new Date(now.getTime() + STATE_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(context, provider),
    scope: settings.scope,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...settings.extra,
  });
  const secure = context.env.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
  // Lax: the provider's return is a top-level navigation from another site, which Lax cookies accompany.
  const cookie = `${BROWSER_COOKIE}=${browser}; Path=${COOKIE_PATH}; Max-Age=${STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`;
  return { authorizationUrl: url.href, cookie };
}

function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/**
 * The provider's return: checks state, browser and PKCE, exchanges the code, reads the mailbox's
 * address from the ID token (or userinfo), and stores the refresh token encrypted; the account then
 * sends through that mailbox. Answers where to send the browser: the settings page with a flag.
 */
export async function finishOauth(
  context: AppContext,
  provider: OauthProvider,
  request: FastifyRequest<{ Querystring: { state?: string; error?: string } }>,
): Promise<string> {
  const failed = `${SETTINGS_PAGE}?oauth_error=${OAUTH_ERROR_FLAGS.failed}`;
  const state = request.query.state;
  if (!state) return failed;
  const stateHash = hashToken(state);
  const [pending] = await context.db
    .delete(emailOauthStates)
    .where(
      and(
        eq(emailOauthStates.state_hash, stateHash),
        eq(emailOauthStates.provider, provider),
        gt(emailOauthStates.expires_at, context.clock.now()),
      ),
    )
    .returning();
  const browser = cookieValue(request, BROWSER_COOKIE);
  if (!pending || !browser || !safeEqual(hashToken(browser), pending.browser_hash)) return failed;
  if (request.query.error === 'access_denied') return `${SETTINGS_PAGE}?oauth_error=${OAUTH_ERROR_FLAGS.permissions}`;

  try {
    const settings = configured(context, provider);
    const config = await providerConfiguration(context.env, settings);
    const currentUrl = new URL(request.url, redirectUri(context, provider));
    const tokens = await oidc.authorizationCodeGrant(
      config,
      currentUrl,
      {
        pkceCodeVerifier: decryptSecret(context.secret, pending.code_verifier, verifierContext(stateHash)),
        expectedState: state,
        idTokenExpected: true,
      },
      { redirect_uri: redirectUri(context, provider) },
    );
    const claims = tokens.claims()!;
    const email =
      typeof claims.email === 'string' ? claims.email : (await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)).email;
    if (!email || !tokens.refresh_token) return failed;
    const stored = encryptSecret(context.secret, tokens.refresh_token, tokenContext(pending.account_id, provider));
    const identity =
      provider === 'gmail'
        ? { google_email: email, google_refresh_token: stored }
        : { microsoft_email: email, microsoft_refresh_token: stored };
    const values = { ...identity, mode: provider, verified_at: null, updated_at: context.clock.now() };
    await context.db
      .insert(accountEmailSettings)
      .values({ account_id: pending.account_id, ...values })
      .onConflictDoUpdate({ target: accountEmailSettings.account_id, set: values });
    rememberAccessToken(pending.account_id, provider, stored, tokens.access_token, tokens.expires_in);
    context.accountTransports.forget(pending.account_id);
    return `${SETTINGS_PAGE}?connected=${provider}`;
  } catch (error) {
    context.log.warn({ err: error, provider }, 'email OAuth connection failed');
    return failed;
  }
}
