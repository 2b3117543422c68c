import { z } from 'zod';
import { isValidEmail } from './email.ts';
import { buttonColorMessage, buttonColorProblem, DEFAULT_BUTTON_COLORS, isWhite, parseColor } from './email-design/button-colors.ts';
import { EMAIL_FOOTER_LANGUAGES } from './email-design/footers.ts';

export * from './email-design/button-colors.ts';
export * from './email-design/footers.ts';

/**
 * The email of a certificate set (docs/product/email-editor.md#what-is-kept): what the editor saves and what the message to every
 * recipient is composed from. Every field has the spec's default, so a stored design missing fields
 * (older sets, templates) parses into a complete one.
 */

export const MERGE_FIELDS = {
  firstName: '[FIRST NAME]',
  lastName: '[LAST NAME]',
  accountName: '[ACCOUNT_NAME]',
  accountEmail: '[ACCOUNT_EMAIL]',
  recipientEmail: '[RECIPIENT EMAIL]',
  downloadLink: '[DOWNLOAD_CERTIFICATE_LINK]',
  /** The certificate's title as sent: a subject using it follows a rename of the certificate. */
  certificateTitle: '[CERTIFICATE_TITLE]',
} as const;

export const EMAIL_BODY_MAX_LENGTH = 65_000;
export const EMAIL_BODY_MAX_EMPTY_LINES = 5;
export const EMAIL_IMAGE_MAX_BYTES = 2_000_000;
export const EMAIL_IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;
/** 0 stands for 'inherit' in the editor's size select. */
export const EMAIL_FONT_SIZES = [0, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36] as const;
const EMAIL_FONT_PIXEL_SIZES: readonly number[] = EMAIL_FONT_SIZES.filter((size) => size > 0);
export const DEFAULT_EMAIL_FONT_FAMILY = 'Arial';
export const DEFAULT_EMAIL_FONT_SIZE = 'inherit';

export const DEFAULT_EMAIL_SUBJECT = 'Ready to Download: Access Your Certificate from [ACCOUNT_NAME]';
export const DEFAULT_EMAIL_BODY =
  '<p>Congratulations [FIRST NAME]! You have been awarded a certificate from [ACCOUNT_NAME].</p>' +
  '<p>Use the button below to view, download and share it.</p>' +
  '<p style="text-align: center">[DOWNLOAD_CERTIFICATE_LINK]</p>';
export const DEFAULT_EMAIL_BODY_TEXT =
  'Congratulations [FIRST NAME]! You have been awarded a certificate from [ACCOUNT_NAME].\n\n' +
  'Use the link below to view, download and share it.\n\n[DOWNLOAD_CERTIFICATE_LINK]';
export const DEFAULT_BUTTON_TEXT = 'Download Certificate';
export const DEFAULT_PORTAL_LINK = {
  hidden: false,
  title_text: 'All your certificates in one place',
  button_instruction_text: 'Sign in to your certificate portal to find this certificate and every other one you have received.',
  link_text: 'Open my certificate portal',
} as const;

export const EMAIL_DESIGN_MESSAGES = {
  replyToRequired: 'Reply-to field is required.',
  /** A test certificate is refused while the set's saved email has no reply-to. */
  replyToMissingForTest: 'The reply-to field is required in email template.',
  replyToInvalid: 'You must put valid email address on reply-to field.',
  ccInvalid: 'You must put valid email address on cc field.',
  bccInvalid: 'You must put valid email address on bcc field.',
  downloadLinkOnlyInBody: 'The download certificate link can be inserted only into the email body.',
  portalLinkTextEmpty: "The portal link text can't be empty.",
  bodyTooLong: `The email body may not be greater than ${EMAIL_BODY_MAX_LENGTH} characters.`,
  whiteText: 'White color is restricted.',
  imageTooLarge: 'The file may not be greater than 2 Mb.',
  imageType: 'File must be .png, .gif, .jpeg',
  placeCursor: 'Place your cursor where you would like to add the image or attachment, then click icon again.',
  exitWithoutSaving: 'Exit Without Saving?',
} as const;

const yesNo = z.enum(['yes', 'no']);
const hexColor = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'Choose a colour such as #1f7550.');

export const footerSocialsSchema = z.object({
  showIcons: yesNo.default('no'),
  facebook: yesNo.default('yes'),
  twitter: yesNo.default('yes'),
  linkedin: yesNo.default('yes'),
  pinterest: yesNo.default('no'),
});

export const buttonStylesSchema = z.object({
  color: hexColor.default(DEFAULT_BUTTON_COLORS.color),
  background: hexColor.default(DEFAULT_BUTTON_COLORS.background),
  text: z.string().trim().min(1).max(60).default(DEFAULT_BUTTON_TEXT),
});

export const portalLinkSchema = z.object({
  hidden: z.boolean().default(DEFAULT_PORTAL_LINK.hidden),
  title_text: z.string().max(200).default(DEFAULT_PORTAL_LINK.title_text),
  button_instruction_text: z.string().max(500).default(DEFAULT_PORTAL_LINK.button_instruction_text),
  link_text: z.string().max(200).default(DEFAULT_PORTAL_LINK.link_text),
});

export const emailDesignSchema = z.object({
  email_subject: z.string().max(255).default(DEFAULT_EMAIL_SUBJECT),
  reply_to: z.string().trim().max(254).default(MERGE_FIELDS.accountEmail),
  /** Addresses separated by commas or semicolons. */
  cc: z.string().max(2_000).default(''),
  bcc: z.string().max(2_000).default(''),
  email_body: z.string().max(EMAIL_BODY_MAX_LENGTH, EMAIL_DESIGN_MESSAGES.bodyTooLong).default(DEFAULT_EMAIL_BODY),
  email_body_text: z.string().max(EMAIL_BODY_MAX_LENGTH).default(DEFAULT_EMAIL_BODY_TEXT),
  plain_text_only: z.boolean().default(false),
  /**
   * Every recipient's message carries their certificate as a PDF (screen resolution, with its credential), besides the
   * link and the certificate's image. Off unless the issuer turns it on: a designed email without attachments is what
   * mailbox providers expect; the download from the certificate page is the print-resolution PDF either way.
   */
  attach_pdf: z.boolean().default(false),
  email_footer_lang: z.enum(EMAIL_FOOTER_LANGUAGES).default('en'),
  // Only characters a font-family list needs, so the value can go into a style attribute as it is.
  email_font_family: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 ,'"-]{1,100}$/, 'Choose a font from the list.')
    .default(DEFAULT_EMAIL_FONT_FAMILY),
  email_font_size: z
    .string()
    .trim()
    .refine((v) => v === 'inherit' || EMAIL_FONT_PIXEL_SIZES.includes(Number(v.replace(/px$/, ''))), 'Choose a size from the list.')
    .default(DEFAULT_EMAIL_FONT_SIZE),
  button_styles: buttonStylesSchema.prefault({}),
  show_linkedin: z.boolean().default(false),
  linkedin_org_id: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, 'The LinkedIn organization id is a number.')
    .default(''),
  footer_socials: footerSocialsSchema.prefault({}),
  hide_recipient_portal_link: z.boolean().default(false),
  portal_link: portalLinkSchema.prefault({}),
});

export type EmailDesign = z.infer<typeof emailDesignSchema>;
export type EmailDesignInput = z.input<typeof emailDesignSchema>;

export function defaultEmailDesign(): EmailDesign {
  return emailDesignSchema.parse({});
}

/**
 * Whether a stored email design attaches each recipient's PDF: the switch as saved, and the default (off) for a
 * design saved without it. Read on its own, without parsing the whole design, as a send asks it per recipient.
 */
export function attachesPdf(email: Record<string, unknown>): boolean {
  const stored = emailDesignSchema.shape.attach_pdf.safeParse(email.attach_pdf);
  return stored.success ? stored.data : false;
}

/**
 * A global template's email as a certificate set starts from it: everything but the attachment switch. Whether a
 * message carries a file is the issuer's choice for their recipients, and a template's stored `attach_pdf` says
 * nothing of it: every template saved before the switch was off by default has it on, filled in by that default.
 */
export function emailFromTemplate(email: Record<string, unknown>): Record<string, unknown> {
  const { attach_pdf: _ignored, ...rest } = email;
  return rest;
}

export interface EmailDesignError {
  field: string;
  message: string;
}

/** Splits a cc or bcc value into addresses; commas, semicolons and whitespace all separate. */
export function parseAddressList(value: string): string[] {
  return value
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The reply-to may name the account's address through its merge field (the template default). */
function isReplyToAddress(value: string): boolean {
  return value.toUpperCase() === MERGE_FIELDS.accountEmail || isValidEmail(value);
}

/**
 * Colours given to text in the body through style="color: ..." (not background-color) or color="...".
 * Only tags are read, so a sentence such as "our colour: white" is not taken for a style.
 */
export function textColorsIn(html: string): string[] {
  const colors: string[] = [];
  for (const [tag] of html.matchAll(/<[a-z][^>]*>/gi)) {
    for (const m of tag.matchAll(/(?<![-\w])color\s*:\s*([^;"'>]+)/gi)) colors.push(m[1]!.replace(/&quot;|!important/gi, '').trim());
    for (const m of tag.matchAll(/\scolor\s*=\s*["']?([^"'\s>]+)/gi)) colors.push(m[1]!);
  }
  return colors;
}

function hasWhiteText(html: string): boolean {
  return textColorsIn(html).some((c) => {
    const rgb = parseColor(c);
    return rgb !== null && isWhite(rgb);
  });
}

/** The email editor's rules (docs/product/email-editor.md#rules-and-limits). An empty list means the design can be saved and sent. */
export function validateEmailDesign(design: EmailDesign): EmailDesignError[] {
  const errors: EmailDesignError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });

  const replyTo = design.reply_to.trim();
  if (!replyTo) add('reply_to', EMAIL_DESIGN_MESSAGES.replyToRequired);
  else if (!replyTo.toUpperCase().includes(MERGE_FIELDS.downloadLink) && !isReplyToAddress(replyTo))
    add('reply_to', EMAIL_DESIGN_MESSAGES.replyToInvalid);

  for (const field of ['reply_to', 'cc', 'bcc', 'email_subject'] as const) {
    if (design[field].toUpperCase().includes(MERGE_FIELDS.downloadLink)) add(field, EMAIL_DESIGN_MESSAGES.downloadLinkOnlyInBody);
  }
  for (const field of ['cc', 'bcc'] as const) {
    const list = design[field].toUpperCase().includes(MERGE_FIELDS.downloadLink) ? [] : parseAddressList(design[field]);
    if (list.some((a) => !isValidEmail(a))) add(field, field === 'cc' ? EMAIL_DESIGN_MESSAGES.ccInvalid : EMAIL_DESIGN_MESSAGES.bccInvalid);
  }

  const portalShown = !design.portal_link.hidden && !design.hide_recipient_portal_link;
  if (portalShown && !design.portal_link.link_text.trim()) add('portal_link.link_text', EMAIL_DESIGN_MESSAGES.portalLinkTextEmpty);

  if (design.email_body.length > EMAIL_BODY_MAX_LENGTH) add('email_body', EMAIL_DESIGN_MESSAGES.bodyTooLong);
  if (hasWhiteText(design.email_body)) add('email_body', EMAIL_DESIGN_MESSAGES.whiteText);

  const problem = buttonColorProblem(design.button_styles);
  if (problem) add(problem === 'darker' ? 'button_styles.background' : 'button_styles.color', buttonColorMessage(problem));

  return errors;
}
