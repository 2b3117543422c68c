import { DEFAULT_EMAIL_SUBJECT, EMAIL_FOOTERS, type EmailDesign, type EmailDesignInput, emailDesignSchema } from '@laurel/domain';
import { escapeHtml, headerSafe } from '../html.ts';
import { CertificateEmailError, messageAddresses } from './addresses.ts';
import { downloadButtonHtml, linkedInButtonHtml } from './buttons.ts';
import { footerPart } from './footer.ts';
import { renderLayout } from './layout.ts';
import { httpUrl, linkedInAddToProfileUrl, type SocialNetwork, shareLinks } from './links.ts';
import { DOWNLOAD_LINK_KEY, mergePlain, mergeValues, replaceFields } from './merge-fields.ts';
import { htmlToText } from './plain-text.ts';
import { portalLinkPart } from './portal-link.ts';
import { type MergeHooks, sanitizeAndMerge, sanitizeEmailHtml } from './sanitize.ts';
import { typographyOf } from './typography.ts';

export interface CertificateEmailInput {
  /** The set's saved email design; missing fields take the spec's defaults. */
  design: EmailDesignInput;
  account: {
    name: string;
    email: string;
    logoUrl?: string | null;
    portalUrl?: string | null;
    customSender?: { name?: string | null; email: string } | null;
  };
  recipient: {
    first_name: string;
    last_name: string;
    email: string;
    /** The certificate's data fields by name, e.g. { EXPIRATION_DATE: '12/31/2027' }. */
    fields: Record<string, string>;
    certificate: {
      url: string;
      id: string;
      issuedAt: Date;
      expiresAt?: Date | null;
      title: string;
      /** What LinkedIn's add-to-profile entry is named: the certificate set's name, as its credential's achievement; `title` when not given. */
      profileEntryName?: string;
      /** The certificate drawn as an image, served by its public link; shown above the message. */
      imageUrl?: string | null;
    };
  };
  /** signUpUrl, when given, adds the product's sign-up invitation to the footer. */
  links: { unsubscribeUrl: string; preferencesUrl: string; privacyUrl: string; signUpUrl?: string | null };
  /** Stable per recipient and attempt, e.g. `<recipient-17.attempt-2@example.com>`. */
  messageId: string;
  /** The product's sender, e.g. `Laurel <certificates@example.com>`. */
  productFrom: string;
  /** The footer HTML of the account's email settings, added under the message (sanitised again here). */
  accountFooter?: string | null;
}

export interface CertificateEmail {
  from: string;
  to: string;
  replyTo: string;
  cc: string[];
  bcc: string[];
  subject: string;
  /** Null when the design asks for plain text only. */
  html: string | null;
  text: string;
  headers: Record<string, string>;
  messageId: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeName = (name: string) => name.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

function requireUrl(value: string, what: string): string {
  const url = httpUrl(value);
  if (!url) throw new CertificateEmailError(`The ${what} must be an http or https URL.`);
  return url;
}

/**
 * Merge hooks for the body. In HTML the download field becomes the button, except inside a link the
 * issuer wrote, where it becomes the address so that links do not nest.
 */
function bodyHooks(values: Map<string, string>, certUrl: string, button: string | null): MergeHooks {
  return {
    text: (escaped, parentTag) =>
      replaceFields(
        escaped,
        (key) => {
          if (key === DOWNLOAD_LINK_KEY) return button && parentTag !== 'a' ? button : escapeHtml(certUrl);
          const value = values.get(key);
          return value === undefined ? null : escapeHtml(value);
        },
        unescapeName,
      ),
    attribute: (value) => replaceFields(value, (key) => (key === DOWNLOAD_LINK_KEY ? certUrl : (values.get(key) ?? null))),
  };
}

/**
 * Every recipient gets their link, even from a body whose issuer removed the download field or whose
 * broken markup swallowed it (an unclosed textarea hides everything after it).
 */
function ensureLink(body: string, certUrl: string, link: string, html: boolean): string {
  if (body.includes(html ? escapeHtml(certUrl) : certUrl)) return body;
  return html ? `${body}<p style="text-align:center">${link}</p>` : `${body}\n\n${link}`;
}

function sharedNetworks(design: EmailDesign): SocialNetwork[] {
  const s = design.footer_socials;
  if (s.showIcons !== 'yes') return [];
  return (['facebook', 'twitter', 'linkedin', 'pinterest'] as const).filter((n) => s[n] === 'yes');
}

function messageIdOf(value: string): string {
  const id = headerSafe(value);
  if (!/^<[^<>\s@]+@[^<>\s@]+>$/.test(id)) throw new CertificateEmailError(`Not a Message-ID: ${JSON.stringify(value)}`);
  return id;
}

/**
 * Builds the message one recipient receives from a certificate set's email design: addresses and
 * headers, the subject, the HTML part and its plain-text twin. Pure: the delivery pipeline decides when
 * and how it is sent.
 */
export function composeCertificateEmail(input: CertificateEmailInput): CertificateEmail {
  const design = emailDesignSchema.parse(input.design);
  const { account, recipient } = input;
  const certUrl = requireUrl(recipient.certificate.url, 'certificate URL');
  const links = {
    unsubscribeUrl: requireUrl(input.links.unsubscribeUrl, 'unsubscribe URL'),
    preferencesUrl: requireUrl(input.links.preferencesUrl, 'preferences URL'),
    privacyUrl: requireUrl(input.links.privacyUrl, 'privacy policy URL'),
    signUpUrl: httpUrl(input.links.signUpUrl),
  };
  const values = mergeValues({ recipient, account });
  const plain = (text: string) => mergePlain(text, values, certUrl);
  const type = typographyOf(design);
  const footerText = EMAIL_FOOTERS[design.email_footer_lang];

  const subject = headerSafe(plain(design.email_subject)) || headerSafe(plain(DEFAULT_EMAIL_SUBJECT));

  // Text the issuer wrote is used when they send text only; otherwise the text part is derived from the
  // HTML body so that the two parts never disagree.
  const textBody = ensureLink(
    design.plain_text_only && design.email_body_text.trim()
      ? plain(design.email_body_text.trim())
      : htmlToText(sanitizeAndMerge(design.email_body, bodyHooks(values, certUrl, null))),
    certUrl,
    certUrl,
    false,
  );

  const button = downloadButtonHtml(certUrl, design.button_styles, type);
  const linkedInUrl = design.show_linkedin
    ? linkedInAddToProfileUrl({
        title: recipient.certificate.profileEntryName ?? recipient.certificate.title,
        organizationId: design.linkedin_org_id,
        organizationName: account.name,
        issuedAt: recipient.certificate.issuedAt,
        expiresAt: recipient.certificate.expiresAt,
        certUrl,
        certId: recipient.certificate.id,
      })
    : null;

  const portalUrl = httpUrl(account.portalUrl);
  const portalShown = portalUrl && !design.portal_link.hidden && !design.hide_recipient_portal_link;
  const portal = portalShown
    ? portalLinkPart(
        {
          title: plain(design.portal_link.title_text),
          instruction: plain(design.portal_link.button_instruction_text),
          link: plain(design.portal_link.link_text),
        },
        portalUrl,
        type,
      )
    : null;

  const footer = footerPart(
    {
      language: design.email_footer_lang,
      merge: plain,
      share: shareLinks(sharedNetworks(design), certUrl, recipient.certificate.title),
      links,
    },
    type,
  );

  const accountFooter = input.accountFooter?.trim() ? sanitizeEmailHtml(input.accountFooter) : null;
  const text = [
    textBody,
    linkedInUrl ? `${footerText.addToLinkedIn}: ${linkedInUrl}` : '',
    portal?.text ?? '',
    accountFooter ? htmlToText(accountFooter) : '',
    footer.text,
  ]
    .filter(Boolean)
    .join('\n\n')
    .concat('\n');

  const imageUrl = httpUrl(recipient.certificate.imageUrl);
  const thumbnail = imageUrl
    ? {
        src: imageUrl,
        href: certUrl,
        alt: `${recipient.certificate.title} awarded to ${`${recipient.first_name} ${recipient.last_name}`.trim()}`,
      }
    : null;
  const html = design.plain_text_only
    ? null
    : renderLayout(
        {
          subject,
          lang: footerText.lang,
          accountName: account.name,
          logoUrl: httpUrl(account.logoUrl),
          certificateImage: thumbnail,
          accent: design.button_styles.background,
          body: ensureLink(sanitizeAndMerge(design.email_body, bodyHooks(values, certUrl, button)), certUrl, button, true),
          linkedIn: linkedInUrl ? linkedInButtonHtml(linkedInUrl, footerText.addToLinkedIn, type) : null,
          portal: portal?.html ?? null,
          accountFooter,
          footer: footer.html,
        },
        type,
      );

  return {
    ...messageAddresses({ design, merge: plain, account, recipient, productFrom: input.productFrom }),
    subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: messageIdOf(input.messageId),
  };
}
