import {
  type ConnectionTestReply,
  type emailSettingsInput,
  EMAIL_SETTINGS_MESSAGES as M,
  type OauthProvider,
  type SmtpType,
} from '@laurel/domain';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { accountEmailSettings } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { sanitizeEmailHtml } from '../../mail/certificate-email/index.ts';
import { PrivateTargetError, resolvePublicTarget, UnresolvableHostError } from '../../net/public-address.ts';
import { encryptSecret } from '../../secrets.ts';
import { forgetAccessToken } from './access-tokens.ts';
import type { EmailSettingsRow } from './presenter.ts';
import { passwordContext, SMTP_TIME_LIMIT_MS, smtpOptionsFor } from './smtp-options.ts';

export async function readEmailSettings(context: AppContext, accountId: number): Promise<EmailSettingsRow | null> {
  const [row] = await context.db.select().from(accountEmailSettings).where(eq(accountEmailSettings.account_id, accountId));
  return row ?? null;
}

const MODE_OF_TYPE: Record<SmtpType, EmailSettingsRow['mode']> = { smtp: 'custom_smtp', gmailOauth: 'gmail', microsoft365: 'microsoft365' };

/** The fields that decide where and how mail leaves: changing any of them means the server must be tested again. */
const CONNECTION_FIELDS = ['mode', 'host', 'port', 'security', 'use_auth', 'username', 'sender_email'] as const;

/** Refuses a host the server may not reach for a customer, before it is stored (it is checked again on every connection). */
async function checkHost(context: AppContext, host: string): Promise<void> {
  try {
    await resolvePublicTarget(host, { allowPrivate: context.env.ALLOW_PRIVATE_TARGETS });
  } catch (error) {
    if (error instanceof PrivateTargetError) throw badRequest(M.privateHost, { field: 'host' });
    if (error instanceof UnresolvableHostError) throw badRequest(M.unresolvable, { field: 'host' });
    throw error;
  }
}

export async function updateEmailSettings(
  context: AppContext,
  accountId: number,
  input: z.output<typeof emailSettingsInput>,
): Promise<EmailSettingsRow> {
  const current = await readEmailSettings(context, accountId);
  const mode = input.custom_smtp ? MODE_OF_TYPE[input.smtp_type] : 'product';
  if (mode === 'gmail' && !current?.google_refresh_token) throw badRequest(M.connectFirst, { field: 'smtp_type' });
  if (mode === 'microsoft365' && !current?.microsoft_refresh_token) throw badRequest(M.connectFirst, { field: 'smtp_type' });
  const password = input.password
    ? encryptSecret(context.secret, input.password, passwordContext(accountId))
    : (current?.password_encrypted ?? null);
  if (mode === 'custom_smtp') {
    await checkHost(context, input.host);
    if (input.use_auth && !password) throw badRequest(M.passwordRequired, { field: 'password' });
  }
  const next = {
    mode,
    host: input.host || null,
    port: input.port,
    security: input.security,
    use_auth: input.use_auth,
    username: input.username || null,
    password_encrypted: password,
    sender_email: input.sender_email || null,
    sender_name: input.name || null,
    footer: input.footer.trim() ? sanitizeEmailHtml(input.footer) : '',
  };
  const changed = !current || !!input.password || CONNECTION_FIELDS.some((field) => next[field] !== current[field]);
  const now = context.clock.now();
  const values = { ...next, verified_at: changed ? null : (current?.verified_at ?? null), updated_at: now };
  const [row] = await context.db
    .insert(accountEmailSettings)
    .values({ account_id: accountId, ...values })
    .onConflictDoUpdate({ target: accountEmailSettings.account_id, set: values })
    .returning();
  // Mail queued from now on leaves through the new settings; the old pool closes.
  context.accountTransports.forget(accountId);
  return row!;
}

/** The server's own words when it has any ("535 5.7.8 Authentication failed"), else what went wrong on the way. */
function reasonOf(error: unknown): string {
  if (error instanceof PrivateTargetError) return M.privateHost;
  if (error instanceof UnresolvableHostError) return M.unresolvable;
  const e = error as { response?: string; message?: string };
  return (e.response || e.message || String(error)).slice(0, 500);
}

function withinTimeLimit<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${SMTP_TIME_LIMIT_MS / 1000} seconds.`)), SMTP_TIME_LIMIT_MS);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/**
 * Connects to the account's server as a send would (TLS or STARTTLS as set, AUTH), then says QUIT:
 * no message is sent. Success marks the settings verified, unless they were saved again meanwhile.
 */
export async function testConnection(context: AppContext, accountId: number): Promise<ConnectionTestReply> {
  const row = await readEmailSettings(context, accountId);
  const failed = (detail: string): ConnectionTestReply => ({ success: false, message: M.checkSmtp, detail, verified_at: null });
  if (!row || row.mode === 'product') return failed('Choose your own mail server and save it first.');
  let transporter: Transporter | undefined;
  try {
    transporter = nodemailer.createTransport({ ...(await smtpOptionsFor(context, row)), pool: false });
    await withinTimeLimit(transporter.verify());
  } catch (error) {
    return failed(reasonOf(error));
  } finally {
    transporter?.close();
  }
  const now = context.clock.now();
  await context.db
    .update(accountEmailSettings)
    .set({ verified_at: now })
    .where(and(eq(accountEmailSettings.account_id, accountId), eq(accountEmailSettings.updated_at, row.updated_at)));
  return { success: true, message: M.verified, verified_at: now.toISOString() };
}

/** Forgets the mailbox and its refresh token; an account that sent through it goes back to the product's server. */
export async function disconnectMailbox(context: AppContext, accountId: number, provider: OauthProvider): Promise<void> {
  const fields =
    provider === 'gmail' ? { google_email: null, google_refresh_token: null } : { microsoft_email: null, microsoft_refresh_token: null };
  const wasUsed = sql`${accountEmailSettings.mode} = ${provider}`;
  await context.db
    .update(accountEmailSettings)
    .set({
      ...fields,
      mode: sql`case when ${wasUsed} then 'product' else ${accountEmailSettings.mode} end`,
      verified_at: sql`case when ${wasUsed} then null else ${accountEmailSettings.verified_at} end`,
      updated_at: context.clock.now(),
    })
    .where(eq(accountEmailSettings.account_id, accountId));
  forgetAccessToken(accountId, provider);
  context.accountTransports.forget(accountId);
}
