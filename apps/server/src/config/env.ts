import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed once at start. All are optional on the
 * embedded default; the README and `.env.example` document them.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlWith = (protocols: string[], name: string) =>
  optionalString.refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
    message: `${name} must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  });

const httpsUrl = (name: string) =>
  optionalString.refine((v) => v === undefined || (URL.canParse(v) && new URL(v).protocol === 'https:'), {
    message: `${name} must be an https:// address`,
  });

/** An IP address, or a CIDR range such as 10.0.0.0/8 or fd00::/8. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * The reverse proxies whose X-Forwarded-For is believed: a comma-separated list of addresses and
 * CIDRs. Unset, the header is ignored and a request's IP is the address of its connection.
 */
const proxyList = optionalString
  .transform((v) =>
    v
      ?.split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .superRefine((entries, ctx) => {
    for (const entry of entries ?? []) {
      if (!isAddressOrCidr(entry)) {
        ctx.addIssue({
          code: 'custom',
          message: `TRUST_PROXY must list IP addresses or CIDRs (such as 10.0.0.0/8), separated by commas; "${entry}" is neither`,
        });
      }
    }
  })
  .transform((entries) => (entries && entries.length > 0 ? entries : undefined));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    // The custom-domain TLS listener (certificates chosen by SNI from the uploaded ones); off unless set.
    HTTPS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
    TRUST_PROXY: proxyList,
    PUBLIC_URL: urlWith(['http', 'https'], 'PUBLIC_URL'),
    DATA_DIR: z.string().default('./data'),
    // The built web app to serve; unset, the apps/web/dist of this checkout.
    WEB_DIST: optionalString,
    DATABASE_URL: urlWith(['postgres', 'postgresql'], 'DATABASE_URL'),
    SMTP_URL: urlWith(['smtp', 'smtps'], 'SMTP_URL'),
    MAIL_FROM: z.string().default('Laurel <certificates@laurel.localhost>'),
    BASE_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'BASE_DOMAIN must be a host name such as example.com')
      .default('localhost'),
    APP_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: 'APP_SECRET must be at least 32 characters long',
    }),
    ADMIN_EMAIL: optionalString,
    ADMIN_PASSWORD: optionalString,
    WORKERS: z.coerce.number().int().min(0).max(64).default(2),
    SEND_RATE_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(100),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    // The key Stripe.js runs with in the browser (billing information); without it the card form says card payments are not set up.
    STRIPE_PUBLISHABLE_KEY: optionalString,
    // Where the Stripe SDK sends its calls instead of api.stripe.com: tests and local stand-ins only.
    STRIPE_API_BASE: urlWith(['http', 'https'], 'STRIPE_API_BASE'),
    S3_ENDPOINT: urlWith(['http', 'https'], 'S3_ENDPOINT'),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    // The bucket's region, as S3 signs requests with it; S3-compatible servers mostly accept any.
    S3_REGION: optionalString.transform((v) => v ?? 'us-east-1'),
    DKIM_DOMAIN: optionalString,
    DKIM_SELECTOR: optionalString,
    DKIM_PRIVATE_KEY: optionalString,
    // Where "Write a review" sends issuers after a send; unset, nobody is asked for a review.
    REVIEW_URL: httpsUrl('REVIEW_URL'),
    // A JSON release feed ({ version, notes?, url? }) that /account/updates compares the running version with; unset, there is no check.
    UPDATE_FEED_URL: urlWith(['http', 'https'], 'UPDATE_FEED_URL'),
    // Lets the guarded fetcher and custom SMTP servers reach private and loopback addresses: tests and closed networks only.
    ALLOW_PRIVATE_TARGETS: z
      .enum(['0', '1', ''])
      .default('')
      .transform((v) => v === '1'),
    // Gmail and Microsoft 365 sending by OAuth 2 (email settings): a provider without its pair is not offered.
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    MICROSOFT_CLIENT_ID: optionalString,
    MICROSOFT_CLIENT_SECRET: optionalString,
    // Where each provider's OpenID configuration and SMTP server are: tests and sovereign clouds change them.
    GOOGLE_OAUTH_ISSUER: urlWith(['http', 'https'], 'GOOGLE_OAUTH_ISSUER').transform((v) => v ?? 'https://accounts.google.com'),
    GOOGLE_SMTP_URL: urlWith(['smtp', 'smtps'], 'GOOGLE_SMTP_URL').transform((v) => v ?? 'smtps://smtp.gmail.com:465'),
    MICROSOFT_OAUTH_ISSUER: urlWith(['http', 'https'], 'MICROSOFT_OAUTH_ISSUER').transform(
      (v) => v ?? 'https://login.microsoftonline.com/common/v2.0',
    ),
    MICROSOFT_SMTP_URL: urlWith(['smtp', 'smtps'], 'MICROSOFT_SMTP_URL').transform((v) => v ?? 'smtp://smtp.office365.com:587'),
    // Sign-in with Google, Microsoft (azure) and LinkedIn by OpenID Connect: a provider without its pair shows no button.
    OIDC_GOOGLE_CLIENT_ID: optionalString,
    OIDC_GOOGLE_CLIENT_SECRET: optionalString,
    OIDC_GOOGLE_ISSUER: urlWith(['http', 'https'], 'OIDC_GOOGLE_ISSUER').transform((v) => v ?? 'https://accounts.google.com'),
    OIDC_AZURE_CLIENT_ID: optionalString,
    OIDC_AZURE_CLIENT_SECRET: optionalString,
    OIDC_AZURE_ISSUER: urlWith(['http', 'https'], 'OIDC_AZURE_ISSUER').transform(
      (v) => v ?? 'https://login.microsoftonline.com/common/v2.0',
    ),
    OIDC_LINKEDIN_CLIENT_ID: optionalString,
    OIDC_LINKEDIN_CLIENT_SECRET: optionalString,
    OIDC_LINKEDIN_ISSUER: urlWith(['http', 'https'], 'OIDC_LINKEDIN_ISSUER').transform((v) => v ?? 'https://www.linkedin.com/oauth'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Every this many milliseconds, print the event loop's worst delay since the last line; unset, nothing is measured.
    LOOP_DELAY_LOG_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  })
  .superRefine((env, ctx) => {
    const groups: [string, (keyof typeof env)[]][] = [
      ['S3', ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']],
      ['DKIM', ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY']],
      ['Stripe', ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']],
      ['First super-admin', ['ADMIN_EMAIL', 'ADMIN_PASSWORD']],
      ['Google OAuth', ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']],
      ['Microsoft OAuth', ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET']],
      ['Google sign-in', ['OIDC_GOOGLE_CLIENT_ID', 'OIDC_GOOGLE_CLIENT_SECRET']],
      ['Microsoft sign-in', ['OIDC_AZURE_CLIENT_ID', 'OIDC_AZURE_CLIENT_SECRET']],
      ['LinkedIn sign-in', ['OIDC_LINKEDIN_CLIENT_ID', 'OIDC_LINKEDIN_CLIENT_SECRET']],
    ];
    for (const [label, keys] of groups) {
      const set = keys.filter((k) => env[k] !== undefined);
      if (set.length > 0 && set.length < keys.length) {
        ctx.addIssue({
          code: 'custom',
          path: [keys.find((k) => env[k] === undefined)!],
          message: `${label} settings go together: set ${keys.join(', ')}`,
        });
      }
    }
  });

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string };

export class EnvError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return { ...env, PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '') };
}
