import type { SendMailOptions } from 'nodemailer';
import { CertificateEmailError } from './addresses.ts';
import type { CertificateEmail } from './compose.ts';

/**
 * The composed message as nodemailer options. Extra headers are handed over prepared, so nodemailer
 * writes them as they are instead of folding a long List-Unsubscribe onto a second line, which some
 * receivers read wrongly. That is only safe for printable ASCII without CR or LF, which is checked here.
 */
export function toNodemailerMessage(email: CertificateEmail): SendMailOptions {
  const headers: Record<string, { prepared: true; value: string }> = {};
  for (const [name, value] of Object.entries(email.headers)) {
    if (!/^[\x20-\x7e]*$/.test(value) || !/^[A-Za-z0-9-]+$/.test(name)) throw new CertificateEmailError(`Header ${name} cannot be sent as it is.`);
    headers[name] = { prepared: true, value };
  }
  return {
    from: email.from,
    to: email.to,
    replyTo: email.replyTo,
    cc: email.cc,
    bcc: email.bcc,
    subject: email.subject,
    text: email.text,
    ...(email.html === null ? {} : { html: email.html }),
    messageId: email.messageId,
    headers,
  };
}
