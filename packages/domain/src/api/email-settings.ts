import { z } from 'zod';
import { isValidEmail } from '../email.ts';
import { defineCalls, id, redirectReply, timestamp } from './contract.ts';

/**
 * Email settings (docs/product/account.md): certificate mail leaves through the product's server, the
 * account's own SMTP server, or its Gmail / Microsoft 365 mailbox by OAuth 2. Secrets never come back:
 * the reply says `has_password`, and an empty password on save keeps the stored one.
 */

export const EMAIL_SETTINGS_MESSAGES = {
  saved: 'Email settings saved.',
  checkSmtp: 'Check your SMTP settings.',
  verified: 'Connection successful: your mail server accepted the settings.',
  gmailDisconnected: 'Your Gmail account is disconnected.',
  microsoftDisconnected: 'Your Microsoft 365 account is disconnected.',
  permissionsRefused: 'Connection error. You have not accepted the requested permissions.',
  oauthFailed: 'The connection could not be completed. Please try again.',
  hostRequired: 'Enter the mail server’s host name.',
  hostInvalid: 'Enter a host name such as smtp.example.com.',
  portInvalid: 'The port must be a number from 1 to 65535.',
  senderInvalid: 'Enter a valid sender email address.',
  usernameRequired: 'Enter the user name your mail server expects.',
  passwordRequired: 'Enter the password of your mail server.',
  privateHost: 'This mail server resolves to a private, loopback or link-local address. Use a mail server reachable on the internet.',
  unresolvable: 'This mail server’s host name could not be found.',
  connectFirst: 'Connect the account first.',
  providerUnavailable: 'This provider is not available.',
} as const;

/** Where certificate mail leaves from. */
export const smtpTypes = ['smtp', 'gmailOauth', 'microsoft365'] as const;
export type SmtpType = (typeof smtpTypes)[number];

/** `tls`: TLS from the first byte (usually port 465); `starttls`: upgraded after EHLO (587, 25); `none`: plain text. */
export const smtpSecurities = ['tls', 'starttls', 'none'] as const;
export type SmtpSecurity = (typeof smtpSecurities)[number];

export const oauthProviders = ['gmail', 'microsoft365'] as const;
export type OauthProvider = (typeof oauthProviders)[number];

/** What the query flag `oauth_error` on /account/email-settings means. */
export const OAUTH_ERROR_FLAGS = { permissions: 'permissions', failed: 'failed' } as const;

/** A host name (labels of letters, digits and hyphens) or a dotted IPv4 address. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
export const isHostName = (value: string) => HOST_NAME.test(value);

export const emailSettings = z
  .object({
    /** Off: the product's server sends. */
    custom_smtp: z.boolean(),
    smtp_type: z.enum(smtpTypes),
    host: z.string(),
    port: z.number().int().nullable(),
    security: z.enum(smtpSecurities),
    /** The spec's flag: any encryption (`security` other than `none`). */
    use_secure: z.boolean(),
    use_auth: z.boolean(),
    username: z.string(),
    has_password: z.boolean(),
    sender_email: z.string(),
    name: z.string(),
    /** Sanitised HTML added under every certificate email. */
    footer: z.string(),
    verified: z.boolean(),
    verified_at: timestamp().nullable(),
  })
  .meta({ id: 'EmailSettings' });
export type EmailSettings = z.infer<typeof emailSettings>;

const oauthUser = z.object({ email: z.string() }).nullable();

export const emailSettingsReply = z.object({
  email_settings: emailSettings,
  google_user: oauthUser,
  microsoft_user: oauthUser,
  /** Which OAuth providers the operator configured; the screen offers only these. */
  oauth_providers: z.object({ gmail: z.boolean(), microsoft365: z.boolean() }),
});
export type EmailSettingsReply = z.infer<typeof emailSettingsReply>;

const trimmed = (max: number) => z.string().trim().max(max);

export const emailSettingsInput = z
  .object({
    custom_smtp: z.boolean(),
    smtp_type: z.enum(smtpTypes).default('smtp'),
    host: trimmed(253).default(''),
    port: z.number().int().nullable().default(null),
    security: z.enum(smtpSecurities).default('starttls'),
    use_auth: z.boolean().default(true),
    username: trimmed(320).default(''),
    /** Empty keeps the stored password. */
    password: z.string().max(1000).default(''),
    sender_email: trimmed(254).default(''),
    name: trimmed(120).default(''),
    footer: z.string().max(20_000).default(''),
  })
  .superRefine((s, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (s.sender_email && !isValidEmail(s.sender_email)) issue('sender_email', EMAIL_SETTINGS_MESSAGES.senderInvalid);
    if (!s.custom_smtp || s.smtp_type !== 'smtp') return;
    if (!s.host) issue('host', EMAIL_SETTINGS_MESSAGES.hostRequired);
    else if (!isHostName(s.host)) issue('host', EMAIL_SETTINGS_MESSAGES.hostInvalid);
    if (s.port === null || s.port < 1 || s.port > 65535) issue('port', EMAIL_SETTINGS_MESSAGES.portInvalid);
    if (!s.sender_email) issue('sender_email', EMAIL_SETTINGS_MESSAGES.senderInvalid);
    if (s.use_auth && !s.username) issue('username', EMAIL_SETTINGS_MESSAGES.usernameRequired);
  });
export type EmailSettingsInput = z.input<typeof emailSettingsInput>;

export const updateEmailSettingsRequest = z.object({ account_id: id(), email_settings: emailSettingsInput });

export const connectionTestReply = z.object({
  success: z.boolean(),
  message: z.string(),
  /** The server's own words when the test failed ("535 5.7.8 Authentication failed"). */
  detail: z.string().optional(),
  verified_at: timestamp().nullable(),
});
export type ConnectionTestReply = z.infer<typeof connectionTestReply>;

const providerParams = z.object({ provider: z.enum(oauthProviders) });

const success = z.object({ success: z.boolean(), message: z.string() });

export const emailSettingsCalls = defineCalls('email-settings', {
  getEmailSettings: {
    method: 'POST',
    path: '/api/accounts/email-settings',
    summary: "Read the account's email settings and the connected Gmail and Microsoft 365 mailboxes",
    access: 'session',
    response: emailSettingsReply,
  },
  updateEmailSettings: {
    method: 'POST',
    path: '/api/accounts/update-email-settings',
    summary: "Save the account's email settings (account admins); any change to the server clears its verified state",
    description:
      'A host that resolves to a private, loopback or link-local address is refused unless the operator allows private targets. An empty password keeps the stored one.',
    access: 'session',
    body: updateEmailSettingsRequest,
    response: emailSettingsReply,
  },
  testEmailConnection: {
    method: 'POST',
    path: '/api/accounts/:id/email-connection-test',
    summary: "Connect to the account's mail server, authenticate and quit, without sending a message",
    description: "A failure answers `success: false`, 'Check your SMTP settings.' and the server's reason in `detail`.",
    access: 'session',
    params: z.object({ id: id() }),
    response: connectionTestReply,
    errors: [429],
  },
  disconnectGmail: {
    method: 'POST',
    path: '/api/users/gmail-auth-disconnect',
    summary: "Forget the account's Gmail connection and its stored token",
    access: 'session',
    response: success,
  },
  disconnectMicrosoft: {
    method: 'POST',
    path: '/api/users/microsoft-auth-disconnect',
    summary: "Forget the account's Microsoft 365 connection and its stored token",
    access: 'session',
    response: success,
  },
  startEmailOauth: {
    method: 'POST',
    path: '/api/email-settings/oauth/:provider/start',
    summary: "Begin connecting a Gmail or Microsoft 365 mailbox: answers the provider's authorisation address",
    description:
      'The authorisation (PKCE, state) is kept on the server for 10 minutes, bound to the admin and to this browser by a cookie; the browser then opens `authorization_url`.',
    access: 'session',
    params: providerParams,
    response: z.object({ authorization_url: z.string() }),
  },
  finishEmailOauth: {
    method: 'GET',
    path: '/api/email-settings/oauth/:provider/callback',
    summary: 'Where the provider returns the browser: store the mailbox connection and go back to the email settings',
    access: 'public',
    params: providerParams,
    query: z.object({ code: z.string(), state: z.string(), iss: z.string(), error: z.string(), error_description: z.string() }).partial(),
    response: redirectReply(
      'To /account/email-settings with `connected={provider}`, or `oauth_error=permissions` when consent was refused, `oauth_error=failed` otherwise.',
    ),
  },
});
