import type { EmailDesign } from '@laurel/domain';
import { escapeHtml } from '../html.ts';
import type { Typography } from './typography.ts';

/**
 * The download button that replaces [DOWNLOAD_CERTIFICATE_LINK]. It is an inline-block link rather than
 * a table so that it can stand inside the issuer's paragraph wherever they put the field.
 */
export function downloadButtonHtml(url: string, styles: EmailDesign['button_styles'], type: Typography): string {
  return (
    `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer" style="display:inline-block;margin:8px 0;padding:14px 30px;` +
    `background-color:${styles.background};border:1px solid ${styles.background};border-radius:6px;color:${styles.color};` +
    `font-family:${type.family};font-size:16px;font-weight:bold;line-height:1.2;text-decoration:none;text-align:center">` +
    `${escapeHtml(styles.text)}</a>`
  );
}

export function linkedInButtonHtml(url: string, label: string, type: Typography): string {
  return (
    `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer" style="display:inline-block;padding:9px 18px 9px 10px;` +
    `background-color:#0a66c2;border-radius:20px;color:#ffffff;font-family:${type.family};font-size:14px;font-weight:bold;line-height:20px;text-decoration:none">` +
    `<span style="display:inline-block;margin:0 8px 0 0;padding:0 5px;background-color:#ffffff;border-radius:3px;color:#0a66c2;font-family:Arial, sans-serif;font-size:13px;line-height:18px">in</span>` +
    `${escapeHtml(label)}</a>`
  );
}
