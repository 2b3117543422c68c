import nodemailer from 'nodemailer';
import type { AppContext } from '../../context.ts';
import { toNodemailerMessage } from '../../mail/nodemailer-message.ts';
import type { OutgoingMessage } from '../../mail/outgoing-message.ts';
import type { EmailSettingsRow } from './presenter.ts';
import { accountSender, smtpOptionsFor } from './smtp-options.ts';

/** An account's own way out for its certificate mail: its sender address and its server. */
export interface OwnSender {
  from: { email: string; name: string | null };
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * The account's own server when its settings name one, else null (the product's server sends). A
 * failure of that server is the delivery's failure, with its SMTP reply code: the caller retries a
 * 4xx and bounces a 5xx, and never falls back to the product's server.
 */
export function ownSender(context: AppContext, row: EmailSettingsRow | null): OwnSender | null {
  const from = accountSender(row);
  if (!from || !row) return null;
  return {
    from,
    async send(message) {
      const transporter = await context.accountTransports.get(row.account_id, row.updated_at.toISOString(), async () =>
        nodemailer.createTransport(await smtpOptionsFor(context, row)),
      );
      await transporter.sendMail(toNodemailerMessage(message));
    },
  };
}
