import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../config/env.ts';
import { toNodemailerMessage } from './nodemailer-message.ts';
import type { OutgoingMessage } from './outgoing-message.ts';

/** Where a message leaves from: an SMTP server (the default relay, or an account's own). */
export interface SendingIdentity {
  smtpUrl: string;
}

export interface MailTransport {
  /** Sends through the identity's pooled connections (the default relay when none is given). */
  send(message: OutgoingMessage, identity?: SendingIdentity): Promise<void>;
  close(): void;
}

/**
 * Headers the DKIM signature covers. nodemailer's own list leaves out List-Unsubscribe-Post, which RFC 8058
 * requires to be signed along with List-Unsubscribe before a receiver offers one-click unsubscribe.
 */
export const DKIM_SIGNED_HEADERS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:' +
  'Content-ID:Content-Description:In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:' +
  'List-Subscribe:List-Post:List-Owner:List-Archive';

/** A pool left unused this long is closed; the next message opens it again. */
const IDLE_POOL_MS = 5 * 60_000;

function smtpOptions(smtpUrl: string, dkim: object | undefined) {
  const url = new URL(smtpUrl);
  return {
    pool: true,
    maxConnections: 5,
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    ignoreTLS: url.searchParams.get('tls') === 'off',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    ...(dkim ? { dkim } : {}),
  };
}

/**
 * SMTP through nodemailer: one connection pool per sending identity, opened on first use and closed
 * when idle, so each relay sees a few long-lived connections instead of one per message. DKIM-signed
 * when a key is configured.
 */
export function createSmtpTransport(env: Env): MailTransport | null {
  if (!env.SMTP_URL) return null;
  const defaultIdentity: SendingIdentity = { smtpUrl: env.SMTP_URL };
  const dkim =
    env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
      ? {
          domainName: env.DKIM_DOMAIN,
          keySelector: env.DKIM_SELECTOR,
          privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
          headerFieldNames: DKIM_SIGNED_HEADERS,
        }
      : undefined;
  const pools = new Map<string, { transporter: Transporter; lastUsed: number }>();
  const sweeper = setInterval(() => {
    for (const [key, pool] of pools) {
      if (Date.now() - pool.lastUsed > IDLE_POOL_MS) {
        pool.transporter.close();
        pools.delete(key);
      }
    }
  }, 60_000);
  sweeper.unref();

  const poolFor = (identity: SendingIdentity) => {
    let pool = pools.get(identity.smtpUrl);
    if (!pool) {
      pool = { transporter: nodemailer.createTransport(smtpOptions(identity.smtpUrl, dkim)), lastUsed: Date.now() };
      pools.set(identity.smtpUrl, pool);
    }
    pool.lastUsed = Date.now();
    return pool.transporter;
  };

  return {
    async send(message, identity = defaultIdentity) {
      await poolFor(identity).sendMail(toNodemailerMessage(message));
    },
    close() {
      clearInterval(sweeper);
      for (const pool of pools.values()) pool.transporter.close();
      pools.clear();
    },
  };
}

/** SMTP replies in the 5xx range are permanent: retrying cannot help. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
