import type { AppContext } from '../../context.ts';
import type { accountEmailSettings, accounts, projects, recipients } from '../../db/schema.ts';
import { accountMailLinks } from '../../mail/account-mail-links.ts';
import { composeCertificateEmail } from '../../mail/certificate-email/index.ts';
import { awardedTitle, profileEntryName } from './awarded-title.ts';
import { certificateMessageId, recipientLinks } from './links.ts';

interface Delivery {
  recipient: typeof recipients.$inferSelect;
  project: typeof projects.$inferSelect;
  account: typeof accounts.$inferSelect;
  emailSettings: typeof accountEmailSettings.$inferSelect | null;
  ownerEmail: string | null;
  /** The certificate set's name now; null when the set is gone. */
  setName: string | null;
}

/**
 * The certificate email of one delivery attempt, composed from the project's snapshot of the email design.
 * `ownSender` is the account's own address when it sends through its own server: the send's sender name
 * (or the settings' name) goes with it.
 */
export function certificateMessage(
  context: AppContext,
  { recipient, project, account, emailSettings, ownerEmail, setName }: Delivery,
  ownSender: { email: string; name: string | null } | null = null,
) {
  const links = recipientLinks(context, recipient.token);
  const expiresAt = recipient.meta.EXPIRATION_DATE ? new Date(`${recipient.meta.EXPIRATION_DATE}T00:00:00Z`) : null;
  return composeCertificateEmail({
    design: project.snapshot.email,
    account: {
      name: account.name,
      email: ownerEmail ?? context.env.MAIL_FROM,
      ...accountMailLinks(context, account),
      customSender: ownSender
        ? { name: project.sender_name || ownSender.name, email: ownSender.email }
        : project.sender_name
          ? { name: project.sender_name, email: /<([^>]+)>/.exec(context.env.MAIL_FROM)?.[1] ?? context.env.MAIL_FROM }
          : null,
    },
    accountFooter: emailSettings?.footer || null,
    recipient: {
      first_name: recipient.first_name,
      last_name: recipient.last_name,
      email: recipient.email,
      fields: recipient.meta,
      certificate: {
        url: links.certificate,
        id: recipient.certificate_number,
        issuedAt: recipient.created_at,
        expiresAt,
        title: awardedTitle(project.snapshot),
        profileEntryName: profileEntryName(setName, project.snapshot),
        imageUrl: links.image,
      },
    },
    links: { unsubscribeUrl: links.unsubscribe, preferencesUrl: links.preferences, privacyUrl: links.privacy },
    messageId: certificateMessageId(context, recipient.token, recipient.attempt),
    productFrom: context.env.MAIL_FROM,
  });
}
