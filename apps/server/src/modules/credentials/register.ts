import { type CredentialsRegisterRequest, MESSAGES, normalizeEmail } from '@laurel/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { userCodes, users } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { credentialsPortalMail } from '../../mail/account-emails.ts';
import { queueMail } from '../../mail/outbox.ts';
import { issueCode } from '../auth/index.ts';
import { audit } from '../system/index.ts';

/** One set-password link per address a minute, however many ask: the form cannot flood someone's inbox. */
const RESEND_AFTER_MS = 60_000;

/** The credentials portal's own address: `credentials.BASE_DOMAIN`, with the scheme and port of the public URL. */
export function credentialsPortalUrl(context: AppContext): string {
  const publicUrl = new URL(context.env.PUBLIC_URL);
  return `${publicUrl.protocol}//credentials.${context.env.BASE_DOMAIN}${publicUrl.port ? `:${publicUrl.port}` : ''}`;
}

async function mailedRecently(context: AppContext, userId: number): Promise<boolean> {
  const since = new Date(context.clock.now().getTime() - RESEND_AFTER_MS);
  const [recent] = await context.db
    .select({ id: userCodes.id })
    .from(userCodes)
    .where(and(eq(userCodes.user_id, userId), eq(userCodes.kind, 'confirm'), gt(userCodes.created_at, since)))
    .limit(1);
  return !!recent;
}

/**
 * Registers a holder on the credentials portal: a new portal user (no roles, no account), or one
 * whose sign-in was never confirmed, is mailed a link to the set-password form, which confirms the
 * address. The reply is the same for both, and for a banned unconfirmed address (mailed nothing); an
 * address with a confirmed sign-in answers 400, as the spec's form expects (docs/product/credentials-portal.md#messages). The names
 * given only fill a new row: nobody renames someone else's sign-in by typing their address.
 */
export async function registerHolder(context: AppContext, input: CredentialsRegisterRequest, ip: string): Promise<void> {
  const email = normalizeEmail(input.email);
  const [existing] = await context.db.select().from(users).where(eq(users.email, email));
  if (existing?.confirmed_at) throw badRequest(MESSAGES.userExists, { error_type: 'user_exist' });
  if (existing && (existing.banned || (await mailedRecently(context, existing.id)))) return;

  await context.db.transaction(async (tx) => {
    const now = context.clock.now();
    const user =
      existing ??
      (
        await tx
          .insert(users)
          .values({
            email,
            username: email,
            first_name: input.first_name,
            last_name: input.last_name,
            roles: [],
            created_at: now,
            updated_at: now,
          })
          // Two registrations of one address at once: the first one mails the link.
          .onConflictDoNothing()
          .returning()
      )[0];
    if (!user) return;
    const code = await issueCode(context, tx, user.id, 'confirm');
    await queueMail(context, tx, {
      ...credentialsPortalMail({ firstName: user.first_name, url: `${credentialsPortalUrl(context)}/user/confirm/${code}` }),
      to: email,
    });
    await audit(context, { action: existing ? 'credentials.register_resent' : 'credentials.registered', userId: user.id, ip }, tx);
  });
}
