import type { AppContext } from '../../context.ts';
import { html, type SafeHtml } from '../../http/server-pages/html.ts';
import { recipientLinks } from './links.ts';

/** What a link preview says about a certificate. */
export interface CertificateShare {
  token: string;
  certificateName: string;
  recipientName: string;
  issuerName: string;
  revoked: boolean;
}

/**
 * The `<title>` and `<head>` tags of a certificate's page as link previews read them (LinkedIn, Slack,
 * chats run no script): its title, a description and the certificate's image, as Open Graph and
 * Twitter card tags. The image is the JPEG, which every preview reader takes (WebP not all), at a sixth of the PNG's bytes.
 */
export function certificateHead(context: AppContext, share: CertificateShare): SafeHtml {
  const { certificateName: certificate, recipientName: name, issuerName: issuer, revoked } = share;
  const title = `${revoked ? 'Revoked: ' : ''}${certificate} – ${name}`;
  const description = revoked
    ? `${issuer} has revoked the ${certificate} it issued to ${name}.`
    : `${certificate} awarded to ${name} by ${issuer}. Open the link to see and verify it.`;
  const links = recipientLinks(context, share.token);
  const image = `${context.env.PUBLIC_URL}/api/c/${share.token}/image.jpg?width=1200`;
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Laurel'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', links.certificate],
    ['property', 'og:image', image],
    ['property', 'og:image:alt', `${certificate} awarded to ${name}`],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  return html`<title>${title}</title>
    ${tags.map(([attribute, key, value]) => html`<meta ${attribute}="${key}" content="${value}" />\n    `)}`;
}
