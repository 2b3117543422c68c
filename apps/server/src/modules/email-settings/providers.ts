import type { OauthProvider } from '@laurel/domain';
import * as oidc from 'openid-client';
import type { Env } from '../../config/env.ts';

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

const configurations = new Map<string, Promise<oidc.Configuration>>();

/**
 * The provider's discovered configuration, fetched once per process. Microsoft's multi-tenant issuer
 * (`…/common/v2.0`) publishes `{tenantid}` in its issuer; openid-client accepts that for
 * login.microsoftonline.com and checks each ID token against the tenant it names. A plain-http issuer
 * (a test provider) is allowed only where private targets are, i.e. tests and closed networks.
 */
export function providerConfiguration(env: Env, settings: ProviderSettings): Promise<oidc.Configuration> {
  const key = `${settings.issuer} ${settings.clientId}`;
  let found = configurations.get(key);
  if (!found) {
    const insecure = new URL(settings.issuer).protocol === 'http:' && env.ALLOW_PRIVATE_TARGETS;
    found = oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    configurations.set(key, found);
    // A provider that was unreachable is asked again next time.
    found.catch(() => configurations.delete(key));
  }
  return found;
}
