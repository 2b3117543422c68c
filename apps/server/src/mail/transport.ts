import nodemailer from 'nodemailer';
import type { Env } from '../config/env.ts';

export interface OutgoingMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer with a connection pool; DKIM-signed when a key is configured. */
export function createSmtpTransport(env: Env): MailTransport | null {
  if (!env.SMTP_URL) return null;
  const dkim =
    env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
      ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') }
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
      await transporter.sendMail({ ...message, messageId: message.messageId });
    },
    close: () => transporter.close(),
  };
}

/** SMTP replies in the 5xx range are permanent: retrying cannot help. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
