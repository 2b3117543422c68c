import type { OauthProvider } from '@laurel/domain';
import type * as oidc from 'openid-client';
import type { Env } from '../../config/env.ts';
import { discoverProvider } from '../../net/oidc-discovery.ts';

/** What the operator configured for one OAuth mail provider. */
export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's SMTP server, spoken to with XOAUTH2. */
  smtpUrl: string;
  /** Sign-in, the mailbox's address, and the right to send mail by SMTP (and, for Microsoft, a refresh token). */
  scope: string;
  /** Extra authorisation parameters: Google hands out a refresh token only for offline access with fresh consent. */
  extra: Record<string, string>;
}

export function providerSettings(env: Env, provider: OauthProvider): ProviderSettings | null {
  if (provider === 'gmail') {
    if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
    return {
      issuer: env.GOOGLE_OAUTH_ISSUER,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      smtpUrl: env.GOOGLE_SMTP_URL,
      scope: 'openid email https://mail.google.com/',
      extra: { access_type: 'offline', prompt: 'consent' },
    };
  }
  if (!env.MICROSOFT_CLIENT_ID || !env.MICROSOFT_CLIENT_SECRET) return null;
  return {
    issuer: env.MICROSOFT_OAUTH_ISSUER,
    clientId: env.MICROSOFT_CLIENT_ID,
    clientSecret: env.MICROSOFT_CLIENT_SECRET,
    smtpUrl: env.MICROSOFT_SMTP_URL,
    scope: 'openid email offline_access https://outlook.office.com/SMTP.Send',
    extra: { prompt: 'select_account' },
  };
}

export const providerConfigured = (env: Env, provider: OauthProvider) => providerSettings(env, provider) !== null;

export const providerConfiguration = (env: Env, settings: ProviderSettings): Promise<oidc.Configuration> => discoverProvider(env, settings);
