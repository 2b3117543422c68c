import { escapeHtml } from '../html.ts';
import { MUTED_COLOR, PANEL_COLOR, TEXT_COLOR, type Typography } from './typography.ts';

export interface Part {
  html: string;
  text: string;
}

export interface PortalTexts {
  title: string;
  instruction: string;
  link: string;
}

/**
 * The block that sends the recipient to the issuer's portal, where all their certificates are. The
 * texts have their merge fields filled by the caller.
 */
export function portalLinkPart(texts: PortalTexts, url: string, type: Typography): Part {
  const title = texts.title.trim();
  const instruction = texts.instruction.trim();
  const link = texts.link.trim();
  const html =
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PANEL_COLOR};border-radius:8px;border-collapse:separate">` +
    `<tr><td style="padding:18px 20px;font-family:${type.family};font-size:14px;line-height:1.55;color:${TEXT_COLOR}">` +
    (title ? `<div style="margin:0 0 4px;font-size:15px;font-weight:bold">${escapeHtml(title)}</div>` : '') +
    (instruction ? `<div style="margin:0 0 10px;color:${MUTED_COLOR}">${escapeHtml(instruction)}</div>` : '') +
    `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer" style="color:#2f5d8a;font-weight:bold;text-decoration:underline">${escapeHtml(link)}</a>` +
    `</td></tr></table>`;
  const text = [title, instruction, `${link}: ${url}`].filter(Boolean).join('\n');
  return { html, text };
}
