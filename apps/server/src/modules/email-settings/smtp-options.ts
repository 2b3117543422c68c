import { isIP } from 'node:net';
import type { OauthProvider, SmtpSecurity } from '@laurel/domain';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { AppContext } from '../../context.ts';
import { resolvePublicTarget } from '../../net/public-address.ts';
import { decryptSecret } from '../../secrets.ts';
import { mailboxAccessToken } from './access-tokens.ts';
import type { EmailSettingsRow } from './presenter.ts';
import { providerSettings } from './providers.ts';

/** Every wait of a connection (connect, greeting, each reply) and the whole connection test stop here. */
export const SMTP_TIME_LIMIT_MS = 20_000;

export const passwordContext = (accountId: number) => `email-settings:${accountId}:smtp-password`;

const PROVIDER_OF_MODE: Record<string, OauthProvider> = { gmail: 'gmail', microsoft365: 'microsoft365' };

interface Endpoint {
  host: string;
  port: number;
  security: SmtpSecurity;
  /** A host the customer typed: it must resolve to public addresses (principle 14). */
  customerGiven: boolean;
}

function endpointOf(smtpUrl: string): Endpoint {
  const url = new URL(smtpUrl);
  const tls = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: Number(url.port) || (tls ? 465 : 587),
    security: tls ? 'tls' : url.searchParams.get('tls') === 'off' ? 'none' : 'starttls',
    customerGiven: false,
  };
}

/** Where the account's mail goes and from which address, or null when the product's server sends it. */
export function accountSender(row: EmailSettingsRow | null): { email: string; name: string | null } | null {
  if (!row) return null;
  const email =
    row.mode === 'custom_smtp'
      ? row.sender_email
      : row.mode === 'gmail'
        ? row.google_refresh_token && row.google_email
        : row.mode === 'microsoft365'
          ? row.microsoft_refresh_token && row.microsoft_email
          : null;
  return email ? { email, name: row.sender_name || null } : null;
}

/**
 * nodemailer options for the account's own server: the host resolved and checked once, the connection
 * made to that address with the name kept for TLS certificate checks, STARTTLS required when asked for,
 * and AUTH by password or by XOAUTH2 with an access token from the stored refresh token.
 */
export async function smtpOptionsFor(context: AppContext, row: EmailSettingsRow): Promise<SMTPPool.Options> {
  const provider = PROVIDER_OF_MODE[row.mode];
  let endpoint: Endpoint;
  let auth: SMTPPool.Options['auth'];
  if (provider) {
    const settings = providerSettings(context.env, provider);
    const user = provider === 'gmail' ? row.google_email : row.microsoft_email;
    if (!settings || !user) throw new Error('The mailbox is not connected.');
    endpoint = endpointOf(settings.smtpUrl);
    auth = {
      type: 'OAuth2',
      user,
      provisionCallback: (_user, renew, callback) => {
        mailboxAccessToken(context, row.account_id, provider, renew).then(
          (t) => callback(null, t.token, t.expiresAt),
          (error: Error) => callback(error),
        );
      },
    };
  } else {
    if (!row.host || !row.port) throw new Error('No mail server is set.');
    endpoint = { host: row.host, port: row.port, security: row.security as SmtpSecurity, customerGiven: true };
    auth =
      row.use_auth && row.username
        ? {
            user: row.username,
            pass: row.password_encrypted ? decryptSecret(context.secret, row.password_encrypted, passwordContext(row.account_id)) : '',
          }
        : undefined;
  }
  const target = await resolvePublicTarget(endpoint.host, { allowPrivate: !endpoint.customerGiven || context.env.ALLOW_PRIVATE_TARGETS });
  return {
    pool: true,
    maxConnections: 3,
    host: target.address,
    port: endpoint.port,
    secure: endpoint.security === 'tls',
    requireTLS: endpoint.security === 'starttls',
    ignoreTLS: endpoint.security === 'none',
    tls: isIP(endpoint.host) ? {} : { servername: endpoint.host },
    connectionTimeout: SMTP_TIME_LIMIT_MS,
    greetingTimeout: SMTP_TIME_LIMIT_MS,
    socketTimeout: SMTP_TIME_LIMIT_MS,
    ...(auth ? { auth } : {}),
  };
}
