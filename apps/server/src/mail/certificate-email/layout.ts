import { escapeHtml } from '../html.ts';
import { BORDER_COLOR, PAGE_COLOR, TEXT_COLOR, type Typography } from './typography.ts';

export interface LayoutParts {
  subject: string;
  /** BCP 47 tag of the footer language, the best guess of the language the issuer writes in. */
  lang: string;
  accountName: string;
  logoUrl: string | null;
  /** The recipient's certificate as an image, linked to its page. */
  certificateImage?: { src: string; href: string; alt: string } | null;
  /** Top bar colour: the design's button colour, so the message carries the issuer's accent. */
  accent: string;
  /** Sanitised and merged body HTML. */
  body: string;
  linkedIn: string | null;
  portal: string | null;
  /** The account's own sanitised footer (email settings), at the foot of the card. */
  accountFooter?: string | null;
  footer: string;
}

/** The certificate image's width in the message, px. */
export const CERTIFICATE_IMAGE_WIDTH = 536;

const row = (content: string, padding: string, align: 'left' | 'center' = 'left') =>
  `<tr><td align="${align}" style="padding:${padding}">${content}</td></tr>`;

/**
 * A single-column table layout with inline styles only, which is what mail clients render alike:
 * 600 px wide at most and fluid below, with a fixed-width table for Outlook on Windows, which ignores
 * max-width. Long words and addresses wrap so nothing forces a phone screen to scroll sideways.
 */
export function renderLayout(p: LayoutParts, type: Typography): string {
  const header = p.logoUrl
    ? `<img src="${escapeHtml(p.logoUrl)}" alt="${escapeHtml(p.accountName)}" style="display:block;max-width:220px;max-height:72px;width:auto;height:auto;border:0">`
    : `<div style="font-family:${type.family};font-size:20px;font-weight:bold;color:${TEXT_COLOR}">${escapeHtml(p.accountName)}</div>`;
  // 536 px is the card's inner width (600 less its padding); the image is drawn at twice that for sharp
  // screens and scales down with the card on a phone. Width as an attribute too: Outlook ignores CSS widths.
  const image = p.certificateImage
    ? `<a href="${escapeHtml(p.certificateImage.href)}" style="text-decoration:none">` +
      `<img src="${escapeHtml(p.certificateImage.src)}" width="${CERTIFICATE_IMAGE_WIDTH}" alt="${escapeHtml(p.certificateImage.alt)}" ` +
      `style="display:block;width:100%;max-width:${CERTIFICATE_IMAGE_WIDTH}px;height:auto;border:1px solid ${BORDER_COLOR};border-radius:4px"></a>`
    : null;
  const body =
    `<div style="font-family:${type.family};font-size:${type.size};line-height:1.6;color:${TEXT_COLOR};word-break:break-word;overflow-wrap:anywhere">` +
    `${p.body}</div>`;
  return `<!doctype html>
<html lang="${p.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="x-apple-disable-message-reformatting"><meta name="color-scheme" content="light"><title>${escapeHtml(p.subject)}</title></head>
<body style="margin:0;padding:0;background-color:${PAGE_COLOR};-webkit-text-size-adjust:100%">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAGE_COLOR}">
<tr><td align="center" style="padding:24px 12px 32px">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border:1px solid ${BORDER_COLOR};border-radius:10px;border-collapse:separate">
<tr><td style="height:6px;font-size:0;line-height:6px;background-color:${p.accent};border-radius:10px 10px 0 0">&nbsp;</td></tr>
${row(header, '28px 32px 4px', 'center')}
${image ? row(image, '16px 32px 4px', 'center') : ''}
${row(body, '16px 32px 12px')}
${p.linkedIn ? row(p.linkedIn, '4px 32px 12px', 'center') : ''}
${p.portal ? row(p.portal, '12px 32px 8px') : ''}
${p.accountFooter ? row(`<div style="font-family:${type.family};font-size:13px;line-height:1.5;color:${TEXT_COLOR};border-top:1px solid ${BORDER_COLOR};padding-top:12px">${p.accountFooter}</div>`, '12px 32px 0') : ''}
<tr><td style="height:24px;font-size:0;line-height:24px">&nbsp;</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px"><tr><td style="height:24px;font-size:0;line-height:24px">&nbsp;</td></tr></table>
${p.footer}
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table>
</body></html>`;
}
