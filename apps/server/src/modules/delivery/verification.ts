import { VERIFY_MESSAGES, type VerifyCertificateRequest } from '@laurel/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, recipients } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { linkIsLiveSql } from './link-live.ts';
import { recipientLinks } from './links.ts';

/** Latin letters that carry their mark in themselves (no decomposition takes it off), as people type them without it. */
const UNMARKED: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ð: 'd', ħ: 'h', ı: 'i', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th' };

/**
 * Letters compared as people type them from a paper certificate: composed either way, any case, with or without
 * accents (Ångström, Angstrom, ANGSTROM; Løvstad, Lovstad), single spaces. Only the combining accents of Latin,
 * Greek and Cyrillic are dropped: the marks that are vowels in other scripts still count.
 */
const comparableName = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g, '')
    .toLocaleLowerCase('und')
    .replace(/[øłđðħıßæœþ]/g, (letter) => UNMARKED[letter]!)
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, ' ');

/**
 * Someone holding the paper or the PDF finds its public page. The number is printed on it and is not
 * secret, so the recipient's last name must match too, and the route is rate-limited per address.
 */
export async function findCertificateToVerify(
  context: AppContext,
  input: VerifyCertificateRequest,
): Promise<{ token: string; url: string }> {
  const rows = await context.db
    .select({ token: recipients.token, last_name: recipients.last_name })
    .from(recipients)
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .where(
      and(
        sql`upper(${recipients.certificate_number}) = upper(${input.certificate_number.trim()})`,
        linkIsLiveSql(),
        isNull(accounts.deleted_at),
      ),
    )
    .limit(20);
  const match = rows.find((row) => comparableName(row.last_name) === comparableName(input.last_name));
  if (!match) throw notFound(VERIFY_MESSAGES.noMatch, { error_type: 'no_match' });
  return { token: match.token, url: recipientLinks(context, match.token).certificate };
}
