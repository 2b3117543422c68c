import nodemailer from 'nodemailer';
import type { Env } from '../config/env.ts';
import { toNodemailerMessage } from './nodemailer-message.ts';

export interface OutgoingMessage {
  from: string;
  to: string;
  replyTo?: string | null;
  cc: string[];
  bcc: string[];
  subject: string;
  /** Null for a plain-text-only message. */
  html: string | null;
  text: string;
  messageId: string;
  headers: Record<string, string>;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailTransport {
  send(message: OutgoingMessage): Promise<void>;
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

/** SMTP through nodemailer with a connection pool; DKIM-signed when a key is configured. */
export function createSmtpTransport(env: Env): MailTransport | null {
  if (!env.SMTP_URL) return null;
  const dkim =
    env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
      ? {
          domainName: env.DKIM_DOMAIN,
          keySelector: env.DKIM_SELECTOR,
          privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
          headerFieldNames: DKIM_SIGNED_HEADERS,
        }
      : undefined;
  const url = new URL(env.SMTP_URL);
  const transporter = nodemailer.createTransport({
    pool: true,
    maxConnections: 5,
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    ignoreTLS: url.searchParams.get('tls') === 'off',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    ...(dkim ? { dkim } : {}),
  });
  return {
    async send(message) {
      await transporter.sendMail(toNodemailerMessage(message));
    },
    close: () => transporter.close(),
  };
}

/** SMTP replies in the 5xx range are permanent: retrying cannot help. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
