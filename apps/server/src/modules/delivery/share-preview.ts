import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, projects, recipients } from '../../db/schema.ts';
import { linkIsLiveSql } from './link-live.ts';
import { recipientLinks } from './links.ts';

const CERTIFICATE_PAGE = /^\/c\/([A-Za-z0-9_-]{16,64})$/;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The `<head>` of a certificate's page as link previews read it (LinkedIn, Slack, chats run no
 * script): its title, a description and the certificate's image, as Open Graph and Twitter card tags.
 * Reading it does not count as the recipient opening the certificate. Null for any other page, or a
 * link that leads nowhere (the page then keeps the app's own head).
 */
export async function certificatePageHead(context: AppContext, pathname: string): Promise<string | null> {
  const token = CERTIFICATE_PAGE.exec(pathname)?.[1];
  if (!token) return null;
  const [row] = await context.db
    .select({ recipient: recipients, certificate: projects.snapshot, issuer: accounts.name })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .where(and(eq(recipients.token, token), linkIsLiveSql(), isNull(accounts.deleted_at)));
  if (!row) return null;
  const { recipient, certificate, issuer } = row;
  const name = `${recipient.first_name} ${recipient.last_name}`.trim();
  const revoked = recipient.revoked_at !== null;
  const title = `${revoked ? 'Revoked: ' : ''}${certificate.name} – ${name}`;
  const description = revoked
    ? `${issuer} has revoked the ${certificate.name} it issued to ${name}.`
    : `${certificate.name} awarded to ${name} by ${issuer}. Open the link to see and verify it.`;
  const links = recipientLinks(context, token);
  const image = `${context.env.PUBLIC_URL}/api/c/${token}/image.png?width=1200`;
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Laurel'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', links.certificate],
    ['property', 'og:image', image],
    ['property', 'og:image:alt', `${certificate.name} awarded to ${name}`],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
}
