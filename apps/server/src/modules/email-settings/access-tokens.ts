import type { OauthProvider } from '@laurel/domain';
import { and, eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { AppContext } from '../../context.ts';
import { accountEmailSettings } from '../../db/schema.ts';
import { decryptSecret, encryptSecret } from '../../secrets.ts';
import { providerConfiguration, providerSettings } from './providers.ts';

/** The additional data each stored refresh token is bound to: it decrypts only for its account and provider. */
export const tokenContext = (accountId: number, provider: OauthProvider) => `email-settings:${accountId}:${provider}:refresh-token`;

const TOKEN_COLUMN = { gmail: 'google_refresh_token', microsoft365: 'microsoft_refresh_token' } as const;

interface CachedToken {
  /** The stored (encrypted) refresh token it came from: a reconnection makes it stale. */
  stored: string;
  token: string;
  expiresAt: number;
}

/** Access tokens in this process; they live an hour or so and are never stored. */
const cache = new Map<string, CachedToken>();
const EARLY_MS = 60_000;

export function rememberAccessToken(accountId: number, provider: OauthProvider, stored: string, token: string, expiresIn?: number) {
  cache.set(`${accountId}:${provider}`, { stored, token, expiresAt: Date.now() + (expiresIn ?? 3600) * 1000 });
}

export function forgetAccessToken(accountId: number, provider: OauthProvider) {
  cache.delete(`${accountId}:${provider}`);
}

/**
 * An access token for the account's mailbox, from the cache while it is fresh, else by a refresh-token
 * grant. `renew` forces a new one (the SMTP server refused the last). A provider that rotates refresh
 * tokens hands out a new one, which replaces the stored one.
 */
export async function mailboxAccessToken(
  context: AppContext,
  accountId: number,
  provider: OauthProvider,
  renew = false,
): Promise<{ token: string; expiresAt: number }> {
  const column = TOKEN_COLUMN[provider];
  const [row] = await context.db
    .select({ stored: accountEmailSettings[column] })
    .from(accountEmailSettings)
    .where(eq(accountEmailSettings.account_id, accountId));
  const stored = row?.stored;
  if (!stored) throw new Error('The mailbox is no longer connected.');
  const key = `${accountId}:${provider}`;
  const cached = cache.get(key);
  if (!renew && cached && cached.stored === stored && cached.expiresAt - EARLY_MS > Date.now()) return cached;

  const settings = providerSettings(context.env, provider);
  if (!settings) throw new Error(`${provider} is not configured on this server.`);
  const config = await providerConfiguration(context.env, settings);
  const response = await oidc.refreshTokenGrant(config, decryptSecret(context.secret, stored, tokenContext(accountId, provider)));
  let current = stored;
  if (response.refresh_token) {
    current = encryptSecret(context.secret, response.refresh_token, tokenContext(accountId, provider));
    // Not a change of settings: updated_at stays, so the account's pooled transport is kept.
    await context.db
      .update(accountEmailSettings)
      .set({ [column]: current })
      .where(and(eq(accountEmailSettings.account_id, accountId), eq(accountEmailSettings[column], stored)));
  }
  rememberAccessToken(accountId, provider, current, response.access_token, response.expires_in);
  return cache.get(key)!;
}
