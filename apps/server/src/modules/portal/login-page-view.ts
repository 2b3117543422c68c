import {
  DEFAULT_PORTAL_SETTINGS,
  MESSAGES,
  PORTAL_MESSAGES,
  PORTAL_SOCIALS,
  type PortalSocial,
  type PublicPortalSettings,
  readableTextOn,
} from '@laurel/domain';
import { html, type SafeHtml } from '../../http/server-pages/html.ts';
import { type InlineIconName, inlineIcon as icon } from '../../http/server-pages/inline-icons.ts';
import type { PageAssets } from '../../http/server-pages/page-assets.ts';
import { pageShell } from '../../http/server-pages/page-shell.ts';

/** What the page shows of the portal's account; null on a host that is no open portal. */
export interface LoginPageAccount {
  id: number;
  name: string;
  logo: string | null;
}

const SOCIAL_LABELS: Record<PortalSocial, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
};

/**
 * The words the script shows, from the same sources as the app's (docs/product/recipient-portal.md#messages), so both pages say the same.
 * They travel in a data attribute: the page runs no inline script.
 */
const SCRIPT_MESSAGES = {
  userNotExists: PORTAL_MESSAGES.userNotExists,
  recipientNotExists: PORTAL_MESSAGES.recipientNotExists,
  wrongCredentials: PORTAL_MESSAGES.wrongCredentials,
  banned: PORTAL_MESSAGES.banned,
  userExists: PORTAL_MESSAGES.userExists,
  firstTimeSent: PORTAL_MESSAGES.firstTimeSent,
  tooManyAttempts: MESSAGES.tooManyAttempts,
  network: 'We could not reach Laurel. Check your connection and try again.',
  fallback: 'Something went wrong. Please try again.',
};

/** The page background the settings choose: a colour, with the uploaded image over it. */
function backgroundStyle(look: PublicPortalSettings): string | null {
  if (!look.background.enable) return null;
  const image = look.background.image
    ? `;background-image:url("${encodeURI(look.background.image)}");background-size:cover;background-position:center`
    : '';
  return `background-color:${look.background.color}${image}`;
}

function layout(assets: PageAssets, look: PublicPortalSettings, account: LoginPageAccount | null, main: SafeHtml): string {
  const title = look.portal_name.text || (account?.name ?? 'Certificate portal');
  const logo = account?.logo
    ? html`<img class="avatar" src="${account.logo}" alt="" width="36" height="36" />`
    : html`<img class="mark" src="/favicon.svg" alt="" width="32" height="32" />`;
  return pageShell({
    assets,
    head: html`<meta name="robots" content="noindex" />
    <title>Sign in · ${title}</title>
    <noscript><style>.needs-script{display:none!important}</style></noscript>`,
    bodyAttributes: html` style="${backgroundStyle(look)}" data-portal-background`,
    bar: html`${logo}<span class="bar-title">${title}</span>`,
    main: html`${main}${extras(look)}`,
    after: look.hide_powered
      ? null
      : html`<footer class="powered"><span class="pill"><img src="/favicon.svg" alt="" width="14" height="14" />Powered by Laurel</span></footer>`,
  });
}

/** The account's text, support address and links under the card, as the app's portal shows them. */
function extras(look: PublicPortalSettings): SafeHtml | null {
  const socials = PORTAL_SOCIALS.filter((s) => look.company_socials[s]);
  const website = look.company_website.url;
  if (!look.custom_text.text && !look.support_email && !website && socials.length === 0) return null;
  const link = (href: string, label: string, name: InlineIconName) =>
    html`<a class="icon-link" href="${href}" target="_blank" rel="noopener noreferrer" aria-label="${label}">${icon(name)}</a>`;
  return html`<section class="extras">
    ${look.custom_text.text ? html`<p class="extras-text">${look.custom_text.text}</p>` : null}
    ${look.support_email ? html`<p class="extras-mail">${icon('mail')}<a href="mailto:${look.support_email}">${look.support_email}</a></p>` : null}
    ${
      website || socials.length
        ? html`<p class="extras-links">${website ? link(website, 'Website', 'world') : null}${socials.map((s) => link(look.company_socials[s], SOCIAL_LABELS[s], s))}</p>`
        : null
    }
  </section>`;
}

const field = (name: string, label: string, type: string, autocomplete: string, value = '') =>
  html`<div class="field"><label for="${name}">${label} <span class="required" aria-hidden="true">*</span></label><input id="${name}" name="${name.replace(/^\w+-/, '')}" type="${type}" autocomplete="${autocomplete}" required value="${value}" /></div>`;

const heading = (id: string, title: string, text: SafeHtml | string, attribute?: string) =>
  html`<div class="heading"><h1 id="${id}" tabindex="-1">${title}</h1><p class="dim" ${attribute ? html`data-${attribute}` : null}>${text}</p></div>`;

const alertBox = html`<div class="alert" role="alert" data-error hidden>${icon('alertCircle')}<span data-error-text></span></div>`;
const back = html`<button type="button" class="link" data-go="login">Back to sign in</button>`;

/**
 * The portal's sign-in (docs/product/recipient-portal.md#screens "Portal login"): its four forms in one page, the login shown first (or
 * the first-time form on `/portal/register`); the script switches between them and calls the API.
 */
export function portalLoginHtml(
  assets: PageAssets,
  account: LoginPageAccount,
  look: PublicPortalSettings,
  options: { start: 'login' | 'first'; email: string; branding: boolean },
): string {
  const button = look.login_button;
  const buttonText = readableTextOn(button.background, button.color);
  const messages = JSON.stringify(SCRIPT_MESSAGES);
  const brand =
    options.branding && account.logo
      ? html`<div class="brand"><img src="${account.logo}" alt="${`${account.name} logo`}" height="40" /><span>${account.name}</span></div>`
      : null;
  // Only the form shown is in the document; the others wait in templates the script swaps in, so neither
  // assistive technology nor the browser's autofill meets three email fields at once.
  const place = (view: string, markup: SafeHtml) =>
    options.start === view ? markup : html`<template data-template="${view}">${markup}</template>`;
  const main = html`<div class="card" data-portal-login data-form="${options.start}" data-account="${account.id}" data-messages="${messages}">
    ${brand}
    <noscript><p class="alert" role="alert">${icon('alertCircle')}<span>Signing in needs JavaScript. Turn it on in your browser and reload this page.</span></p></noscript>
    ${place(
      'login',
      html`<form class="needs-script" method="post" action="/portal/login" aria-label="Portal sign-in" novalidate data-view="login">
      ${heading('login-title', 'Sign in to your certificates', `Use the email address ${account.name} sent your certificate to.`)}
      ${alertBox}
      ${field('login-email', 'Email', 'email', 'username', options.email)}
      <div class="field"><label for="login-password">Password <span class="required" aria-hidden="true">*</span></label>
        <div class="password"><input id="login-password" name="password" type="password" autocomplete="current-password" required />
        <button type="button" class="reveal" data-reveal tabindex="-1" aria-hidden="true" hidden>${icon('eye')}</button></div></div>
      <button type="submit" class="button" style="${`background-color:${button.background};color:${buttonText}`}">${button.text}</button>
      <div class="links"><button type="button" class="link" data-go="reset">Forgot your password?</button><button type="button" class="link" data-go="first">First time here?</button></div>
    </form>`,
    )}
    ${place(
      'first',
      html`<form class="needs-script" method="post" action="/portal/login" aria-label="First-time sign-in" novalidate data-view="first">
      ${heading('first-title', 'Create your portal sign-in', PORTAL_MESSAGES.firstTimeIntro, 'notice')}
      ${alertBox}
      ${field('first-email', 'Email', 'email', 'email', options.email)}
      <button type="submit" class="button primary" data-needs="email">Email me a link</button>
      ${back}
    </form>`,
    )}
    <template data-template="reset"><form method="post" action="/portal/login" aria-label="Reset password" novalidate data-view="reset">
      ${heading('reset-title', 'Reset your password', 'We email you a link to choose a new password.')}
      ${alertBox}
      ${field('reset-email', 'Email', 'email', 'email', options.email)}
      <button type="submit" class="button primary" data-needs="email">Send reset link</button>
      ${back}
    </form></template>
    <template data-template="resetSuccess"><div class="done" data-view="resetSuccess">
      <span class="badge">${icon('mailCheck', 28)}</span>
      ${heading('done-title', 'Check your inbox', '', 'notice')}
      ${back}
    </div></template>
  </div>`;
  return layout(assets, look, { id: account.id, name: account.name, logo: options.branding ? account.logo : null }, main);
}

/** A host that is no open portal (unknown, closed, or a plan without the portal): the app's invalid-account card. */
export function invalidPortalHtml(assets: PageAssets, account: LoginPageAccount | null): string {
  const look: PublicPortalSettings = { ...DEFAULT_PORTAL_SETTINGS, support_email: null };
  const main = html`<div class="card narrow center" data-form="invalidAccount">
    <span class="badge grey">${icon('worldOff', 28)}</span>
    <h1>${PORTAL_MESSAGES.invalidAccount}</h1>
    <p class="dim">Check the address in the email you received. If it still does not open, ask the organisation that issued your certificate.</p>
  </div>`;
  return layout(assets, look, account && { ...account, logo: null }, main);
}
