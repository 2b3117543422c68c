import { z } from 'zod';
import { PORTAL_NAME_MAX } from '../constants.ts';
import { isValidEmail } from '../email.ts';
import { defineCalls, id, maxChars, okReply } from './contract.ts';

/**
 * Portal settings (docs/product/recipient-portal.md): how an account's recipient portal looks —
 * its name, background, links, a text, a support address and the login button. Admins of a plan with
 * portal customisation change them; anyone reads the public part the portal pages draw.
 */

export const PORTAL_SETTINGS_MESSAGES = {
  saved: 'Portal settings saved.',
  emailConfirmed: 'Support email confirmed.',
  fixErrors: 'Please fix errors, and try again.',
  imageUploaded: 'Image uploaded.',
  codeSent: 'We emailed a 6-digit code to that address. Enter it here to confirm the address.',
  emailNotValidated: 'Confirm the support email with the code we email to it before saving.',
  wrongCode: 'Wrong validation code.',
  codeExpired: 'This code has expired. Send a new one.',
  noCode: 'Send a validation code first.',
  codeUsedUp: 'Too many wrong codes. Send a new one.',
  nameTooLong: 'The portal name may be at most 60 characters.',
  nameLineBreak: 'The portal name must fit on one line.',
  invalidUrl: 'Enter a full web address that starts with http:// or https://.',
  invalidEmail: 'Enter a valid email address.',
  invalidColor: 'Enter a colour as a hex code, such as #66701F.',
  labelTooLong: 'The button label may be at most 30 characters.',
  textTooLong: 'The text may be at most 1000 characters.',
  invalidImage: 'Upload the background image again.',
} as const;

/**
 * The portal name's length is `PORTAL_NAME_MAX` ("Documented limits", docs/decisions/0056-documented-limits.md); these bound the other free-text fields. Each is
 * stated once, in the schema below: validation refuses above it and the OpenAPI document gives it as `maxLength`.
 */
export const PORTAL_LABEL_MAX = 30;
export const PORTAL_TEXT_MAX = 1000;
export const PORTAL_URL_MAX = 2000;
const PORTAL_COLOR_MAX = 7;
const PORTAL_EMAIL_MAX = 254;

/** Line breaks as a textarea gives them, whatever the sender's system wrote: what is counted, saved and shown. */
const unixLineBreaks = (text: string) => text.replace(/\r\n?/g, '\n');
export const PORTAL_SOCIALS = ['facebook', 'twitter', 'linkedin', 'pinterest'] as const;
export type PortalSocial = (typeof PORTAL_SOCIALS)[number];

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/**
 * Only images uploaded through the portal background call (the store's own addresses), or empty for none:
 * the pattern the OpenAPI document states, which bounds the address's length too.
 */
const STORED_IMAGE = /^(?:\/api\/files\/[A-Za-z0-9_-]{16,64}\.(?:png|jpg))?$/;

export const portalSettings = z
  .object({
    /** Hides the "Powered by Laurel" line under the portal. */
    hide_powered: z.boolean(),
    /** `enable` off: the portal's own background. On: `color`, with `image` over it when one is uploaded. */
    background: z.object({
      enable: z.boolean(),
      color: z.string().max(PORTAL_COLOR_MAX),
      /** One of this account's uploaded backgrounds (`/api/files/…`), as the upload answered it. */
      image: z.string().regex(STORED_IMAGE, PORTAL_SETTINGS_MESSAGES.invalidImage).nullable(),
    }),
    /** Plain text, one line; empty shows the account's name. */
    portal_name: z.object({ text: maxChars(PORTAL_NAME_MAX, PORTAL_SETTINGS_MESSAGES.nameTooLong, z.string().trim()) }),
    company_website: z.object({ url: z.string().max(PORTAL_URL_MAX) }),
    company_socials: z.object({
      facebook: z.string().max(PORTAL_URL_MAX),
      twitter: z.string().max(PORTAL_URL_MAX),
      linkedin: z.string().max(PORTAL_URL_MAX),
      pinterest: z.string().max(PORTAL_URL_MAX),
    }),
    /** Plain text shown on the portal as written (line breaks kept, never read as HTML). */
    custom_text: z.object({
      text: maxChars(PORTAL_TEXT_MAX, PORTAL_SETTINGS_MESSAGES.textTooLong, z.string().overwrite(unixLineBreaks).trim()),
    }),
    /** `validated`: this address received the emailed code and it was entered; the server keeps it, a save never sets it. */
    support_email: z.object({ email: z.string().max(PORTAL_EMAIL_MAX), validated: z.boolean() }),
    login_button: z.object({
      background: z.string().max(PORTAL_COLOR_MAX),
      color: z.string().max(PORTAL_COLOR_MAX),
      text: maxChars(PORTAL_LABEL_MAX, PORTAL_SETTINGS_MESSAGES.labelTooLong, z.string().trim()),
    }),
  })
  .meta({ id: 'PortalSettings' });
export type PortalSettings = z.infer<typeof portalSettings>;

/** What a save sends: the settings as read; `validated` may be left out (the server decides it). */
export const portalSettingsUpdate = portalSettings.extend({
  support_email: z.object({ email: z.string().max(PORTAL_EMAIL_MAX), validated: z.boolean().optional() }),
});
export type PortalSettingsUpdate = z.input<typeof portalSettingsUpdate>;

export const DEFAULT_PORTAL_SETTINGS: PortalSettings = {
  hide_powered: false,
  background: { enable: false, color: '#F4F5F0', image: null },
  portal_name: { text: '' },
  company_website: { url: '' },
  company_socials: { facebook: '', twitter: '', linkedin: '', pinterest: '' },
  custom_text: { text: '' },
  support_email: { email: '', validated: false },
  // A deep olive that carries its white label at 5.4:1 (WCAG AA); the spec's #BFC551 carried it at 1.9:1.
  login_button: { background: '#66701F', color: '#FFF', text: 'Login' },
};

/** Empty, or an http(s) address with a host. */
export function isWebAddress(value: string): boolean {
  if (!value) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Spaces trimmed, and an empty label or colour back to its default: what is saved and what the portal shows. */
export function normalizePortalSettings(input: PortalSettingsUpdate): PortalSettings {
  const d = DEFAULT_PORTAL_SETTINGS;
  const url = (value: string) => value.trim();
  return {
    hide_powered: input.hide_powered,
    background: {
      enable: input.background.enable,
      color: input.background.color.trim() || d.background.color,
      image: input.background.image || null,
    },
    portal_name: { text: input.portal_name.text.trim() },
    company_website: { url: url(input.company_website.url) },
    company_socials: {
      facebook: url(input.company_socials.facebook),
      twitter: url(input.company_socials.twitter),
      linkedin: url(input.company_socials.linkedin),
      pinterest: url(input.company_socials.pinterest),
    },
    custom_text: { text: unixLineBreaks(input.custom_text.text).trim() },
    support_email: { email: input.support_email.email.trim().toLowerCase(), validated: input.support_email.validated ?? false },
    login_button: {
      background: input.login_button.background.trim() || d.login_button.background,
      color: input.login_button.color.trim() || d.login_button.color,
      text: input.login_button.text.trim() || d.login_button.text,
    },
  };
}

/** A field the settings form marks, with why (docs/product/recipient-portal.md#rules-and-limits). Field names are the reply's own paths. */
export interface PortalSettingsProblem {
  field: string;
  message: string;
}

/**
 * Every rule the form and the server share, on normalised settings: first what the schema states (the
 * lengths, the image's address), with the very refusal the server's validation gives, then the rules a
 * schema does not carry: one-line name and label, http(s) addresses, hex colours, the support email's format.
 * One problem per field. Whether the support email was confirmed is the server's to say.
 */
export function portalSettingsProblems(s: PortalSettings): PortalSettingsProblem[] {
  const M = PORTAL_SETTINGS_MESSAGES;
  const parsed = portalSettings.safeParse(s);
  const problems: PortalSettingsProblem[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  const add = (field: string, message: string) => {
    if (!problems.some((p) => p.field === field)) problems.push({ field, message });
  };
  if (/[\r\n]/.test(s.portal_name.text)) add('portal_name.text', M.nameLineBreak);
  if (!isWebAddress(s.company_website.url)) add('company_website.url', M.invalidUrl);
  for (const social of PORTAL_SOCIALS) if (!isWebAddress(s.company_socials[social])) add(`company_socials.${social}`, M.invalidUrl);
  if (s.support_email.email && !isValidEmail(s.support_email.email)) add('support_email.email', M.invalidEmail);
  for (const [field, value] of [
    ['background.color', s.background.color],
    ['login_button.background', s.login_button.background],
    ['login_button.color', s.login_button.color],
  ] as const)
    if (!HEX_COLOR.test(value)) add(field, M.invalidColor);
  if (/[\r\n]/.test(s.login_button.text)) add('login_button.text', M.labelTooLong);
  return problems;
}

export const portalSettingsReply = z.object({
  portal_settings: portalSettings,
  /** Whether the account's plan includes portal customisation; without it the settings are read-only and the portal shows the defaults. */
  customisable: z.boolean(),
});
export type PortalSettingsReply = z.infer<typeof portalSettingsReply>;

/** What the portal pages draw: the settings in force (the defaults when the plan has no customisation); an unconfirmed support email is left out. */
export const publicPortalSettings = portalSettings.omit({ support_email: true }).extend({ support_email: z.string().nullable() });
export type PublicPortalSettings = z.infer<typeof publicPortalSettings>;

export const portalSettingsCalls = defineCalls('portal-settings', {
  getPortalSettings: {
    method: 'GET',
    path: '/api/accounts/portal-settings',
    summary: "Read the signed-in admin's account's portal settings",
    description: 'Account admins (or a super-admin acting as one); sub-users and portal users get 403.',
    access: 'session',
    response: portalSettingsReply,
  },
  savePortalSettings: {
    method: 'POST',
    path: '/api/accounts/portal-settings',
    summary: 'Save the portal settings (plans with portal customisation)',
    description:
      'The lengths this document states (`maxLength`, counted in characters after trimming) and the image’s address pattern are ' +
      'checked first, a refusal naming `portal_settings` with the field’s message; any other refused field is a 400 naming it in ' +
      '`field` (`portal_name.text`, `company_socials.twitter`…). A support email that ' +
      'differs from the last confirmed one is refused with “Please fix errors, and try again.”. Plans without portal customisation get 403 `upgrade`.',
    access: 'session',
    body: z.object({ portal_settings: portalSettingsUpdate }),
    response: okReply.extend({ portal_settings: portalSettings }),
  },
  sendSupportEmailCode: {
    method: 'POST',
    path: '/api/portal-settings/send-validation-code',
    summary: 'Email a 6-digit code to a support address, to confirm it (valid 15 minutes, 5 tries)',
    description: 'A new code replaces the previous one. Plans without portal customisation get 403 `upgrade`.',
    access: 'session',
    body: z.object({ email: z.string().trim().toLowerCase().max(254).refine(isValidEmail, PORTAL_SETTINGS_MESSAGES.invalidEmail) }),
    response: okReply,
    errors: [429],
  },
  validateSupportEmail: {
    method: 'POST',
    path: '/api/portal-settings/validate-email',
    summary: 'Confirm the support address with the emailed code',
    description: 'A wrong code is a 400; an expired one a 410; the fifth wrong one uses the code up (429).',
    access: 'session',
    body: z.object({ code: z.string().trim().max(20) }),
    response: okReply.extend({ support_email: portalSettings.shape.support_email }),
    errors: [410, 429],
  },
  uploadPortalBackground: {
    method: 'POST',
    path: '/api/accounts/upload-portal-background',
    summary: "Upload the portal's background image (form field `file`): PNG, JPEG, GIF or WebP, at most 2 MB, re-encoded",
    description: 'The reply’s `imagepath` goes into `background.image` of the next save. `background=1` is accepted as the spec writes it.',
    access: 'session',
    query: z.object({ background: z.string().optional() }),
    body: 'multipart',
    response: okReply.extend({ imagepath: z.string() }),
    errors: [413],
  },
  getPublicPortalSettings: {
    method: 'GET',
    path: '/api/portal/portal-settings',
    summary: "Read how an account's portal looks (public)",
    description: 'The defaults while the account’s plan has no portal customisation; an unknown account is a 404.',
    access: 'public',
    query: z.object({ account_id: id() }),
    response: z.object({ portal_settings: publicPortalSettings }),
    errors: [404],
  },
});
