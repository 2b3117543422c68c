import type { PublicCertificate } from '@laurel/domain';
import { html, type SafeHtml } from '../../http/server-pages/html.ts';
import { inlineIcon as icon } from '../../http/server-pages/inline-icons.ts';
import type { PageAssets } from '../../http/server-pages/page-assets.ts';
import { pageShell } from '../../http/server-pages/page-shell.ts';

const STATUS = {
  valid: { label: 'Valid', heading: 'Verified by Laurel', text: 'This certificate is genuine and in force.', icon: 'circleCheck' },
  expired: { label: 'Expired', heading: 'Verified by Laurel', text: 'This certificate is genuine but has expired.', icon: 'alertTriangle' },
  // A revoked certificate is not vouched for: the page says what it is, not that it checks out.
  revoked: { label: 'Revoked', heading: 'Revoked by its issuer', text: 'The issuer has revoked this certificate.', icon: 'circleX' },
} as const;

/** Dates as the page shows them, in one language for everyone: the page is the same for every reader and cache. */
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const date = (iso: string) => {
  const day = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return html`<time datetime="${day.toISOString().slice(0, 10)}">${dateFormat.format(day)}</time>`;
};

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
  // A revoked certificate says when, and why in the issuer's words when they gave a reason (docs/product/delivery.md#screens).
  const statusText = certificate.revoked_at
    ? html`Revoked on ${date(certificate.revoked_at)}${certificate.revocation_reason ? html`: ${certificate.revocation_reason}` : '.'}`
    : status.text;

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
              <span class="status-icon">${icon(status.icon, 22)}</span>
              <div>
                <h2 id="status-heading">${status.heading} <span class="badge" data-testid="certificate-status">${status.label}</span></h2>
                <p class="muted" data-testid="status-text">${statusText}</p>
              </div>
            </div>
            <dl class="facts">${facts.map(([label, value]) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>
          </section>
          <p class="footnote">Anyone with this link can see and verify this certificate.
            <a href="/verify">Verify another certificate</a> · <a href="/">Issue certificates with Laurel</a></p>
        </div>
      </div>`;
  return pageShell({ assets, head, bar: header, main });
}

/** A link that leads nowhere, or to a certificate its issuer withdrew: a small page that says so. */
export function certificateMissingHtml(assets: PageAssets, heading: string, description: string): string {
  const main = html`
      <section class="card missing">
        <span class="missing-icon">${icon('certificateOff', 26)}</span>
        <h1>${heading}</h1>
        <p class="muted">${description}</p>
        <p><a href="/verify">Verify a certificate by its number</a></p>
      </section>`;
  return pageShell({
    assets,
    head: html`<title>${heading} – Laurel</title>`,
    bar: html`${laurelMark}<span class="bar-title">Certificate</span>`,
    main,
  });
}
