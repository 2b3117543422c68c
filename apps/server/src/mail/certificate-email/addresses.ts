import { type EmailDesign, isValidEmail, parseAddressList } from '@laurel/domain';
import { headerSafe } from '../html.ts';

export class CertificateEmailError extends Error {}

/**
 * An address fit for a header: valid by the product's pattern and free of the characters that separate
 * or quote addresses, so a value can never turn into a second recipient.
 */
export function isHeaderAddress(value: string): boolean {
  return isValidEmail(value) && !/[<>,;"\s\\()]/.test(value);
}

/** `"Display Name" <address>`: control characters removed, quotes and backslashes escaped. */
export function formatAddress(name: string | null | undefined, address: string): string {
  if (!isHeaderAddress(address)) throw new CertificateEmailError(`Not a deliverable address: ${JSON.stringify(address)}`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes from a display name
  const display = headerSafe((name ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ')).replace(/\s+/g, ' ');
  return display ? `"${display.replace(/[\\"]/g, '\\$&')}" <${address}>` : address;
}

/** The address part of a configured sender such as `Laurel <certificates@example.com>`. */
export function addressOf(sender: string): string {
  return (/<([^<>]+)>\s*$/.exec(sender)?.[1] ?? sender).trim();
}

/** The valid addresses of a cc or bcc value; a stray bad entry is skipped rather than failing the send. */
export function headerAddressList(value: string): string[] {
  return [...new Set(parseAddressList(value).filter(isHeaderAddress))];
}

export interface MessageAddresses {
  from: string;
  to: string;
  replyTo: string;
  cc: string[];
  bcc: string[];
}

/**
 * Who the message is from, to and copied to. The product's address carries the account's name, so the
 * recipient sees who issued the certificate; an account with its own sender uses that instead.
 * `merge` fills merge fields such as [ACCOUNT_EMAIL] in the design's address fields.
 */
export function messageAddresses(input: {
  design: EmailDesign;
  merge: (text: string) => string;
  account: { name: string; email: string; customSender?: { name?: string | null; email: string } | null };
  recipient: { first_name: string; last_name: string; email: string };
  productFrom: string;
}): MessageAddresses {
  const { design, merge, account, recipient } = input;
  const sender = account.customSender && isHeaderAddress(account.customSender.email) ? account.customSender : null;
  const replyTo = merge(design.reply_to).trim();
  return {
    from: sender ? formatAddress(sender.name || account.name, sender.email) : formatAddress(account.name, addressOf(input.productFrom)),
    to: formatAddress(`${recipient.first_name} ${recipient.last_name}`, recipient.email.trim()),
    // A reply-to saved before the rules tightened still delivers: replies then reach the account.
    replyTo: isHeaderAddress(replyTo) ? replyTo : account.email,
    cc: headerAddressList(merge(design.cc)),
    bcc: headerAddressList(merge(design.bcc)),
  };
}
