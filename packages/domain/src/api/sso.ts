import { z } from 'zod';
import { isValidEmail } from '../email.ts';
import { loginResponse } from './auth.ts';
import { defineCalls, fileReply, redirectReply } from './contract.ts';
import { requiredMessage, requiredThen } from './form-rules.ts';

/**
 * Single sign-on (docs/product/sign-in-and-sessions.md): an account's SAML identity provider for its own users
 * (enterprise plan), and sign-in with Google, Microsoft or LinkedIn through OpenID Connect where the
 * operator configured them. The server sends the browser to the provider and back; a finished sign-in
 * reaches the app as a one-time handover code in the address's fragment, exchanged for a session.
 */

export const SSO_MESSAGES = {
  saved: 'Single sign-on settings saved.',
  /** The same for an unknown address, a user without single sign-on and a switched-off configuration. */
  notAvailable: 'Single sign-on is not set up for this email address. Sign in with your password instead.',
  providerRequired: 'Enter the name of your identity provider.',
  entityIdRequired: 'Enter the identity provider’s entity ID (issuer).',
  ssoUrlInvalid: 'Enter the identity provider’s sign-in URL, starting with https://.',
  certRequired: 'Paste the identity provider’s X.509 signing certificate.',
  certInvalid: 'This is not a valid X.509 certificate. Paste the PEM text, including the BEGIN and END lines.',
  certExpired: 'This certificate has expired. Paste the identity provider’s current signing certificate.',
  /** Shown on the login page after a refused response (callbackError). */
  failed: 'Single sign-on failed. Please try again or contact your administrator.',
  noUser:
    'Your identity provider signed you in, but this email address has no Laurel login in the account. Ask your administrator to add you.',
  handoverInvalid: 'This sign-in link has expired. Please sign in again.',
  socialNoUser: 'There is no Laurel account for this email address. Register first, or sign in with your password.',
  socialUnverified: 'Your provider did not confirm this email address, so we cannot sign you in with it.',
  socialUnavailable: 'This sign-in option is not available.',
} as const;

export const SOCIAL_PROVIDERS = ['google', 'azure', 'linkedin'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  azure: 'Microsoft',
  linkedin: 'LinkedIn',
};

/** The fragment key under which a finished outside sign-in hands its one-time code to the app. */
export const SSO_HANDOVER_FRAGMENT = 'sso';

/** What the account admin gives (docs/product/sign-in-and-sessions.md#what-is-kept SSO configuration). */
export const ssoConfigurationInput = z.object({
  provider: z.string().trim().min(1, SSO_MESSAGES.providerRequired).max(100),
  idp_entity_id: z.string().trim().min(1, SSO_MESSAGES.entityIdRequired).max(1000),
  sso_url: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => URL.canParse(v) && ['https:', 'http:'].includes(new URL(v).protocol), SSO_MESSAGES.ssoUrlInvalid),
  x509_cert: z.string().trim().min(1, SSO_MESSAGES.certRequired).max(20_000),
  enabled: z.boolean(),
});
export type SsoConfigurationInput = z.infer<typeof ssoConfigurationInput>;

export const ssoConfigurationReply = z
  .object({
    /** Null until the account saves its identity provider. */
    configuration: ssoConfigurationInput
      .extend({
        /** When the stored certificate stops being valid. */
        cert_expires_at: z.string().nullable(),
      })
      .nullable(),
    /** What to paste into the identity provider: this account's service provider values. */
    service_provider: z.object({ entity_id: z.string(), acs_url: z.string(), sls_url: z.string(), metadata_url: z.string() }),
    /** Whether the account's plan includes single sign-on; saving is refused without it. */
    plan_allows: z.boolean(),
    /** The plan message shown when it does not. */
    plan_message: z.string(),
  })
  .meta({ id: 'SsoConfiguration' });
export type SsoConfigurationReply = z.infer<typeof ssoConfigurationReply>;

const samlParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) });
const providerParams = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });

/** The login page's single sign-on step: the work email whose account's identity provider signs it in. */
export const ssoStartRequest = z.object({ email: z.string().trim().max(254).refine(isValidEmail, 'Enter a valid email address.') });

/** The single sign-on form: an empty field is asked for before its shape is judged. */
export const ssoStartForm = z.object({ email: requiredThen(ssoStartRequest.shape.email, requiredMessage('Email')) });

export const ssoCalls = defineCalls('sso', {
  getSsoConfiguration: {
    method: 'GET',
    path: '/api/users/sso-configuration',
    summary: "Read the account's SAML single sign-on settings and the values to give the identity provider (account admins)",
    access: 'session',
    response: ssoConfigurationReply,
  },
  saveSsoConfiguration: {
    method: 'POST',
    path: '/api/users/sso-configuration',
    summary: "Save the account's SAML single sign-on settings (account admins, enterprise plan)",
    description:
      'The certificate must parse as X.509 and not be expired. Without single sign-on in the plan the call answers 403 with the plan message.',
    access: 'session',
    body: ssoConfigurationInput,
    response: ssoConfigurationReply,
  },
  startSsoLogin: {
    method: 'POST',
    path: '/api/sso/login',
    summary: "Where to send the browser to sign in through the email's account identity provider",
    description: 'The same 400 answers an unknown address, a user without single sign-on and a switched-off configuration.',
    access: 'public',
    body: ssoStartRequest,
    response: z.object({ redirect_url: z.string() }),
    errors: [400, 429],
  },
  finishSsoHandover: {
    method: 'POST',
    path: '/api/sso/handover',
    summary: 'Exchange the one-time code a finished single sign-on handed to the app for a session',
    access: 'public',
    body: z.object({ code: z.string().min(20).max(200) }),
    response: loginResponse,
    errors: [400, 429],
  },
  getSamlMetadata: {
    method: 'GET',
    path: '/saml/:id/metadata',
    summary: "The service provider's SAML metadata for one account's configuration",
    access: 'public',
    params: samlParams,
    response: fileReply('SAML 2.0 metadata (XML).', 'application/samlmetadata+xml'),
    errors: [404],
  },
  samlAssertionConsumer: {
    method: 'POST',
    path: '/saml/:id/acs',
    summary: "The identity provider's response (HTTP-POST binding): a signed assertion signs the user in",
    access: 'public',
    params: samlParams,
    response: redirectReply(
      `To the app with the one-time handover code in the fragment (\`#sso=…\`), or to /login?callbackError=… when refused.`,
    ),
    errors: [413],
  },
  samlSingleLogout: {
    method: 'GET',
    path: '/saml/:id/sls',
    summary: "The identity provider's single logout return: back to the sign-in page",
    access: 'public',
    params: samlParams,
    query: z.object({ SAMLResponse: z.string(), SAMLRequest: z.string(), RelayState: z.string() }).partial(),
    response: redirectReply('To /login.'),
  },
  startSocialLogin: {
    method: 'GET',
    path: '/login/:provider',
    summary: 'Sign in with Google, Microsoft (azure) or LinkedIn: to the provider (authorization code with PKCE)',
    description: 'On the credentials portal the button adds `account={host}`: the session is handed over on that host.',
    access: 'public',
    params: providerParams,
    query: z.object({ account: z.string().max(253) }).partial(),
    response: redirectReply("To the provider's consent page, or to /login?callbackError=… when the provider is not configured."),
  },
  finishSocialLogin: {
    method: 'GET',
    path: '/login/:provider/callback',
    summary: "The provider's return: signs in the existing user with that verified email",
    access: 'public',
    params: providerParams,
    query: z.object({ code: z.string(), state: z.string(), iss: z.string(), error: z.string(), error_description: z.string() }).partial(),
    response: redirectReply('To the app with the one-time handover code in the fragment, or to /login?callbackError=….'),
  },
});
