import type { PublicCertificate } from '@laurel/domain';
import { html, type SafeHtml } from './html.ts';

/** The page's static files, under addresses that change with their content (cached for good). */
export interface PageAssets {
  css: string;
  js: string;
}

/** Tabler's outline icons, drawn inline: a few hundred bytes instead of an icon library. */
const ICONS = {
  download: ['M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2 -2v-2', 'M7 11l5 5l5 -5', 'M12 4l0 12'],
  linkedin: [
    'M8 11v5',
    'M8 8v.01',
    'M12 16v-5',
    'M16 16v-3a2 2 0 1 0 -4 0',
    'M3 7a4 4 0 0 1 4 -4h10a4 4 0 0 1 4 4v10a4 4 0 0 1 -4 4h-10a4 4 0 0 1 -4 -4l0 -10',
  ],
  link: [
    'M9 15l6 -6',
    'M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464',
    'M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463',
  ],
  valid: ['M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', 'M9 12l2 2l4 -4'],
  revoked: ['M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', 'M10 10l4 4m0 -4l-4 4'],
  expired: [
    'M12 9v4',
    'M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0',
    'M12 16h.01',
  ],
  missing: [
    'M12.876 12.881a3 3 0 0 0 4.243 4.243m.588 -3.42a3.012 3.012 0 0 0 -1.437 -1.423',
    'M13 17.5v4.5l2 -1.5l2 1.5v-4.5',
    'M10 19h-5a2 2 0 0 1 -2 -2v-10c0 -1.1 .9 -2 2 -2m4 0h10a2 2 0 0 1 2 2v10',
    'M6 9h3m4 0h5',
    'M6 12h3',
    'M6 15h2',
    'M3 3l18 18',
  ],
} as const;

const icon = (name: keyof typeof ICONS, size = 18) =>
  html`<svg class="icon" width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${ICONS[name].map((d) => html`<path d="${d}"/>`)}</svg>`;

const STATUS = {
  valid: { label: 'Valid', heading: 'Verified by Laurel', text: 'This certificate is genuine and in force.' },
  expired: { label: 'Expired', heading: 'Verified by Laurel', text: 'This certificate is genuine but has expired.' },
  // A revoked certificate is not vouched for: the page says what it is, not that it checks out.
  revoked: { label: 'Revoked', heading: 'Revoked by its issuer', text: 'The issuer has revoked this certificate.' },
} as const;

/** Dates as the page shows them, in one language for everyone: the page is the same for every reader and cache. */
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const date = (iso: string) => {
  const day = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return html`<time datetime="${day.toISOString().slice(0, 10)}">${dateFormat.format(day)}</time>`;
};

function layout(assets: PageAssets, head: SafeHtml, header: SafeHtml, main: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#1f7550" />
    ${head}
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="${assets.css}" />
    <script src="${assets.js}" defer></script>
  </head>
  <body>
    <header class="bar"><div class="wrap bar-inner">${header}</div></header>
    <main class="wrap page">${main}</main>
  </body>
</html>
`.value;
}

const laurelMark = html`<img class="mark" src="/favicon.svg" alt="" width="32" height="32" />`;

/** The certificate's image: sized before it arrives, drawn at the width the screen needs. */
export interface PageImage {
  /** Address of the WebP at a width. */
  src: (width: number) => string;
  widths: readonly number[];
  heightAt: (width: number) => number;
}

/**
 * `credentialUrl`: the certificate's Open Badges credential, offered beside the PDF for wallets and
 * verifiers that read credentials rather than documents.
 */
export function certificatePageHtml(
  certificate: PublicCertificate,
  image: PageImage,
  head: SafeHtml,
  assets: PageAssets,
  credentialUrl: string,
): string {
  const status = STATUS[certificate.status];
  const revoked = certificate.status === 'revoked';
  const largest = image.widths[image.widths.length - 1]!;
  const alt = `${certificate.certificate_name} awarded to ${certificate.recipient_name} by ${certificate.issuer.name}${revoked ? ' (revoked)' : ''}`;
  const header = html`${
    certificate.issuer.imagepath
      ? html`<img class="logo" src="${certificate.issuer.imagepath}" alt="" width="36" height="36" />`
      : laurelMark
  }<span class="bar-title">${certificate.issuer.name}</span>`;
  const facts: [string, string | SafeHtml][] = [
    ['Recipient', certificate.recipient_name],
    ['Issued by', certificate.issuer.name],
    ['Issued on', date(certificate.issued_at)],
    ['Expires', certificate.expires_on ? date(certificate.expires_on) : 'Does not expire'],
    ['Certificate number', certificate.certificate_number],
  ];
  if (certificate.revoked_at) facts.push(['Revoked on', date(certificate.revoked_at)]);
  if (certificate.revocation_reason) facts.push(['Reason', certificate.revocation_reason]);

  const main = html`
      <div class="title">
        <p class="eyebrow">${certificate.certificate_name}</p>
        <h1 data-testid="recipient-name">${certificate.recipient_name}</h1>
      </div>
      <div class="columns">
        <figure class="card certificate${revoked ? ' is-revoked' : ''}">
          <img src="${image.src(800)}" srcset="${image.widths.map((w) => `${image.src(w)} ${w}w`).join(', ')}"
            sizes="(min-width: 1152px) 704px, (min-width: 62em) calc(66.7vw - 43px), calc(100vw - 34px)"
            width="${largest}" height="${image.heightAt(largest)}" alt="${alt}" fetchpriority="high" data-testid="certificate-image" />
          ${revoked && html`<div class="stamp" aria-hidden="true" data-testid="revoked-stamp"><span>REVOKED</span></div>`}
        </figure>
        <div class="side">
          <section class="card pad actions" aria-label="Download and share">
            ${
              !revoked &&
              html`<a class="btn btn-primary" href="${certificate.pdf_url}" download>${icon('download')}Download PDF</a>
            <a class="btn btn-linkedin" href="${certificate.linkedin_url}" target="_blank" rel="noopener noreferrer">${icon('linkedin')}Add to LinkedIn profile</a>
            <a class="btn btn-default" href="${credentialUrl}" download data-testid="credential-download">${icon('download')}Download verifiable credential (JSON)</a>`
            }
            <button type="button" class="btn btn-default" data-copy="${certificate.url}" hidden>${icon('link')}<span data-label>Copy link to share</span></button>
            <noscript><p class="share-link">Link to share: <a href="${certificate.url}">${certificate.url}</a></p></noscript>
            <p class="visually-hidden" role="status" data-copied></p>
          </section>
          <section class="card pad verification" data-testid="verification" aria-labelledby="status-heading">
            <div class="status status-${certificate.status}">
              <span class="status-icon">${icon(certificate.status, 22)}</span>
              <div>
                <h2 id="status-heading">${status.heading} <span class="badge" data-testid="certificate-status">${status.label}</span></h2>
                <p class="muted">${status.text}</p>
              </div>
            </div>
            <dl class="facts">${facts.map(([label, value]) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>
          </section>
          <p class="footnote">Anyone with this link can see and verify this certificate.
            <a href="/verify">Verify another certificate</a> · <a href="/">Issue certificates with Laurel</a></p>
        </div>
      </div>`;
  return layout(assets, head, header, main);
}

/** A link that leads nowhere, or to a certificate its issuer withdrew: a small page that says so. */
export function certificateMissingHtml(assets: PageAssets, heading: string, description: string): string {
  const main = html`
      <section class="card missing">
        <span class="missing-icon">${icon('missing', 26)}</span>
        <h1>${heading}</h1>
        <p class="muted">${description}</p>
        <p><a href="/verify">Verify a certificate by its number</a></p>
      </section>`;
  return layout(assets, html`<title>${heading} – Laurel</title>`, html`${laurelMark}<span class="bar-title">Certificate</span>`, main);
}
