import { escapeHtml } from '../../mail/html.ts';

interface ExportMail {
  kind: string;
  subject: string;
  html: string;
  text: string;
}

/** The product's plain layout for these two short notices, with a plain-text twin. */
function layout(subject: string, paragraphs: string[], action: { label: string; url: string } | null): ExportMail {
  const p = (text: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155">${escapeHtml(text)}</p>`;
  const button = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:#3d6b35">
<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:#64748b">If the button does not work, open this address: <a href="${escapeHtml(action.url)}" style="color:#3d6b35;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f0;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f0;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e2e4dc">
<tr><td style="padding:28px 32px 8px;font-size:20px;font-weight:bold;color:#2f4a2a">Laurel</td></tr>
<tr><td style="padding:8px 32px 16px">
${paragraphs.map(p).join('\n')}
${button}
</td></tr></table></td></tr></table></body></html>`;
  const text = [...paragraphs.flatMap((x) => [x, '']), ...(action ? [`${action.label}: ${action.url}`, ''] : [])].join('\n');
  return { kind: 'export', subject, html, text };
}

const greet = (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,');

export function exportReadyMail(input: {
  firstName: string;
  title: string;
  rows: number;
  type: 'csv' | 'xlsx';
  url: string;
  validDays: number;
}): ExportMail {
  const what = `${input.rows} ${input.rows === 1 ? 'recipient' : 'recipients'}`;
  return layout(
    `Your export is ready: ${input.title}`,
    [
      greet(input.firstName),
      `The ${input.type.toUpperCase()} export of ${input.title} (${what}) is ready.`,
      `The download link is valid for ${input.validDays} days. The file holds your recipients' names and addresses: keep it safe.`,
    ],
    { label: `Download ${input.type.toUpperCase()}`, url: input.url },
  );
}

export function exportFailedMail(input: { firstName: string; title: string; exportUrl: string }): ExportMail {
  return layout(
    `Export failed: ${input.title}`,
    [
      greet(input.firstName),
      `Export failed. We could not create the export of ${input.title}. Please start it again from the Store; if it fails again, contact support.`,
    ],
    { label: 'Open the Store', url: input.exportUrl },
  );
}
