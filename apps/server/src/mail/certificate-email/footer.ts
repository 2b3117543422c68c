import { EMAIL_FOOTERS, type EmailDesign } from '@laurel/domain';
import { escapeHtml } from '../html.ts';
import type { ShareLink } from './links.ts';
import type { Part } from './portal-link.ts';
import { MUTED_COLOR, type Typography } from './typography.ts';

export interface FooterInput {
  language: EmailDesign['email_footer_lang'];
  /** Fills [RECIPIENT EMAIL] and [ACCOUNT_NAME] in the translated sentences. */
  merge: (text: string) => string;
  share: ShareLink[];
  links: { privacyUrl: string; preferencesUrl: string; unsubscribeUrl: string; signUpUrl: string | null };
}

/**
 * The footer's unsubscribe link opens the preferences page asking to confirm. The one-click endpoint
 * (`unsubscribeUrl`) takes POST only, for mail clients (RFC 8058): a link that unsubscribed on GET would
 * be clicked by every link scanner that opens the message.
 */
const unsubscribePage = (preferencesUrl: string) => `${preferencesUrl}${preferencesUrl.includes('?') ? '&' : '?'}unsubscribe=1`;

const link = (url: string, label: string) =>
  `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer" style="color:${MUTED_COLOR};text-decoration:underline">${escapeHtml(label)}</a>`;

function shareHtml(label: string, share: ShareLink[], type: Typography): string {
  const icons = share
    .map(
      (s) =>
        `<a href="${escapeHtml(s.url)}" target="_blank" rel="noopener noreferrer" title="${escapeHtml(s.label)}" aria-label="${escapeHtml(s.label)}" ` +
        `style="display:inline-block;width:32px;height:32px;margin:0 4px;border-radius:16px;background-color:${s.color};color:#ffffff;` +
        `font-family:Arial, sans-serif;font-size:14px;font-weight:bold;line-height:32px;text-align:center;text-decoration:none">${escapeHtml(s.mark)}</a>`,
    )
    .join('');
  return (
    `<tr><td align="center" style="padding:0 16px 18px;font-family:${type.family};font-size:13px;line-height:1.5;color:${MUTED_COLOR}">` +
    `<div style="margin:0 0 8px">${escapeHtml(label)}</div>${icons}</td></tr>`
  );
}

/** The translated footer under the message: who sent it to whom and why, sharing, and the opt-out links. */
export function footerPart(input: FooterInput, type: Typography): Part {
  const f = EMAIL_FOOTERS[input.language];
  const sentence = `${input.merge(f.sentTo)} ${input.merge(f.reason)}`;
  const separator = `<span style="color:#c3c7cc">&nbsp;&middot;&nbsp;</span>`;
  const html =
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" lang="${f.lang}" dir="${f.dir}" style="max-width:600px">` +
    (input.share.length ? shareHtml(f.share, input.share, type) : '') +
    `<tr><td align="center" style="padding:0 16px;font-family:${type.family};font-size:12px;line-height:1.6;color:${MUTED_COLOR}">` +
    `<p style="margin:0 0 10px">${escapeHtml(sentence)}</p>` +
    `<p style="margin:0">${link(input.links.privacyUrl, f.privacy)}${separator}${link(input.links.preferencesUrl, f.preferences)}${separator}${link(unsubscribePage(input.links.preferencesUrl), f.unsubscribe)}</p>` +
    (input.links.signUpUrl ? `<p style="margin:14px 0 0">${link(input.links.signUpUrl, f.signUp)}</p>` : '') +
    `</td></tr></table>`;
  const text = [
    ...(input.share.length ? [`${f.share}:`, ...input.share.map((s) => `${s.label}: ${s.url}`), ''] : []),
    '--',
    sentence,
    `${f.privacy}: ${input.links.privacyUrl}`,
    `${f.preferences}: ${input.links.preferencesUrl}`,
    `${f.unsubscribe}: ${unsubscribePage(input.links.preferencesUrl)}`,
    ...(input.links.signUpUrl ? ['', `${f.signUp}: ${input.links.signUpUrl}`] : []),
  ].join('\n');
  return { html, text };
}
