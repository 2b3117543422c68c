import type { SendMailOptions } from 'nodemailer';
import type { OutgoingMessage } from './outgoing-message.ts';

export class UnsendableHeaderError extends Error {}

/**
 * A message as nodemailer options. Extra headers are handed over prepared, so nodemailer writes them
 * as they are instead of folding a long List-Unsubscribe onto a second line, which some receivers
 * read wrongly. That is only safe for printable ASCII without CR or LF, which is checked here.
 */
export function toNodemailerMessage(message: OutgoingMessage): SendMailOptions {
  const headers: Record<string, { prepared: true; value: string }> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (!/^[\x20-\x7e]*$/.test(value) || !/^[A-Za-z0-9-]+$/.test(name))
      throw new UnsendableHeaderError(`Header ${name} cannot be sent as it is.`);
    headers[name] = { prepared: true, value };
  }
  return {
    from: message.from,
    to: message.to,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    cc: message.cc,
    bcc: message.bcc,
    subject: message.subject,
    text: message.text,
    ...(message.html === null ? {} : { html: message.html }),
    messageId: message.messageId,
    headers,
    attachments: message.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
  };
}
