import { VERIFY_MESSAGES, type VerifyCertificateRequest } from '@laurel/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, recipients } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { linkIsLiveSql } from './link-live.ts';
import { recipientLinks } from './links.ts';

/** Letters compared as people type them: composed the same way, any case, single spaces. */
const comparable = (text: string) => text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('und');

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
  const match = rows.find((row) => comparable(row.last_name) === comparable(input.last_name));
  if (!match) throw notFound(VERIFY_MESSAGES.noMatch, { error_type: 'no_match' });
  return { token: match.token, url: recipientLinks(context, match.token).certificate };
}
