import { z } from 'zod';
import { defineCalls, id, queryInt, timestamp } from './contract.ts';

/**
 * An account's own portal address and its TLS certificate (docs/product/recipient-portal.md#screens custom portal URL with SSL, docs/product/recipient-portal.md#what-is-kept, docs/product/recipient-portal.md#flows,
 * docs/product/recipient-portal.md#rules-and-limits, docs/product/recipient-portal.md#calls; docs/product/super-admin.md#calls super-admin `custom-domains`). Enterprise only (the plan catalogue's `custom_url`).
 * Super-admins act on any account by naming `account_id`; everyone else acts on their own account.
 */

export const CUSTOM_DOMAIN_MESSAGES = {
  urlSaved: 'Custom URL saved.',
  urlCleared: 'Custom URL removed.',
  urlError: 'Error while saving custom URL.',
  sslSaved: 'SSL successfully saved.',
  sslError: 'Error while saving SSL certificate.',
  sslRemoved: 'SSL certificate removed.',
  sslRemoveError: 'Error while SSL certificate removing.',
  urlRequiredForSsl: 'Custom URL cannot be empty to add SSL',
  hostInvalid: 'Enter a domain name such as portal.example.com.',
  hostIp: 'Enter a domain name, not an IP address.',
  hostOurs: 'This address belongs to the service itself: enter a domain of your own.',
  hostTaken: 'This domain is already used by another account.',
  chooseAccount: 'Name the account (account_id) whose custom URL this is.',
  adminsOnly: 'Only an account admin can see or change the custom portal URL.',
  // Certificate checks: each names why an upload is refused.
  certMissing: 'Paste the certificate (PEM, starting with -----BEGIN CERTIFICATE-----).',
  certUnreadable: 'The certificate could not be read: it is not a PEM X.509 certificate.',
  keyMissing: 'Paste the private key (PEM, starting with -----BEGIN PRIVATE KEY-----).',
  keyUnreadable: 'The private key could not be read: it is not an unencrypted PEM private key.',
  keyMismatch: 'The private key does not belong to the certificate.',
  chainOrder: 'The certificates are not in order: the site certificate first, then each certificate that signed the one before it.',
  notYetValid: (date: string) => `The certificate is not valid before ${date}.`,
  expired: (date: string) => `The certificate expired on ${date}.`,
  wrongHost: (host: string, names: string[]) =>
    `The certificate does not name ${host}${names.length ? ` (it names ${names.join(', ')})` : ' (it names no domain)'}.`,
} as const;

/** What a stored certificate says of itself; the key is never part of any reply. */
export const tlsCertificateSummary = z
  .object({
    subject: z.string(),
    issuer: z.string(),
    /** The DNS names of its subjectAltName extension. */
    names: z.array(z.string()),
    not_before: timestamp(),
    not_after: timestamp(),
  })
  .meta({ id: 'TlsCertificateSummary' });
export type TlsCertificateSummary = z.infer<typeof tlsCertificateSummary>;

export const customDomain = z
  .object({
    /** Empty when the account has no custom URL. */
    host: z.string(),
    active: z.boolean(),
    is_ssl: z.boolean(),
    certificate: tlsCertificateSummary.nullable(),
  })
  .meta({ id: 'CustomDomain' });
export type CustomDomain = z.infer<typeof customDomain>;

export const customDomainReply = z.object({ success: z.boolean(), message: z.string(), domain: customDomain });
export type CustomDomainReply = z.infer<typeof customDomainReply>;

const accountChoice = { account_id: id().optional() };

export const customDomainInput = z.object({
  /** A host name; a scheme, path, port or trailing dot is dropped. Empty removes the custom URL. */
  host: z.string().trim().max(300).nullable().default('').meta({
    description:
      'A domain name of at most 253 characters once a scheme, credentials, port, path or trailing dot are dropped (a pasted address is taken); empty removes the custom URL.',
  }),
  /** Set with a new URL unless given; always cleared with an empty one. */
  active: z.boolean().optional(),
  ...accountChoice,
});
export type CustomDomainInput = z.input<typeof customDomainInput>;

export const sslInput = z.object({
  ssl: z.object({
    /** PEM: the site certificate first, then its intermediates. */
    certificate: z.string().max(64_000),
    certificate_key: z.string().max(16_000),
  }),
  ...accountChoice,
});
export type SslInput = z.input<typeof sslInput>;

export const CUSTOM_DOMAIN_SORTS = ['newest', 'host', 'account', 'expiry'] as const;

export const adminCustomDomain = z
  .object({
    id: z.number().int(),
    account_id: z.number().int(),
    account_name: z.string(),
    host: z.string(),
    active: z.boolean(),
    is_ssl: z.boolean(),
    not_after: timestamp().nullable(),
    updated_at: timestamp(),
  })
  .meta({ id: 'AdminCustomDomain' });
export type AdminCustomDomain = z.infer<typeof adminCustomDomain>;

export const customDomainListQuery = z.object({
  limit: queryInt(1, 100).default(10),
  offset: queryInt(0, 1_000_000_000).default(0),
  /** Part of the host or of the account's name. */
  like: z.string().trim().max(100).optional(),
  sort: z.enum(CUSTOM_DOMAIN_SORTS).default('newest'),
});
export type CustomDomainListQuery = z.input<typeof customDomainListQuery>;

export const customDomainPage = z.object({ custom_domains: z.array(adminCustomDomain), count: z.number().int() });
export type CustomDomainPage = z.infer<typeof customDomainPage>;

export const customDomainCalls = defineCalls('custom-domains', {
  getUsersDomain: {
    method: 'GET',
    path: '/api/portal/users-domain',
    summary: "Read the account's custom portal URL and its certificate (account admins)",
    description: 'Sub-users get 403, as for the portal settings; another account’s id is a 404.',
    access: 'session',
    query: z.object(accountChoice),
    response: customDomain,
    errors: [403, 404],
  },
  saveUsersDomain: {
    method: 'POST',
    path: '/api/portal/users-domain',
    summary: "Set or clear the account's custom portal URL (enterprise)",
    access: 'session',
    body: customDomainInput,
    response: customDomainReply,
    errors: [400, 403, 404],
  },
  savePortalSslCertificate: {
    method: 'POST',
    path: '/api/portal-ssl-certificate',
    summary: 'Upload the TLS certificate and key of the custom portal URL, checked before saving (enterprise)',
    access: 'session',
    body: sslInput,
    response: customDomainReply,
    errors: [400, 403, 404],
  },
  removePortalSslCertificate: {
    method: 'POST',
    path: '/api/remove-portal-ssl-certificate',
    summary: 'Remove the TLS certificate of the custom portal URL',
    access: 'session',
    body: z.object(accountChoice).default({}),
    response: customDomainReply,
    errors: [403, 404],
  },
  listCustomDomains: {
    method: 'GET',
    path: '/api/custom-domains',
    summary: 'List every custom domain with its account and certificate expiry (super-admins)',
    access: 'session',
    query: customDomainListQuery,
    response: customDomainPage,
    errors: [403],
  },
});
