import { EMAIL_FOOTERS, type EmailDesign, type EmailFooterLanguage, emailDesignSchema } from '@laurel/domain';
import type { EmailRecord } from './api.ts';

const FIELDS = Object.keys(emailDesignSchema.shape) as (keyof EmailDesign)[];

/**
 * The email design of a loaded set or template. Fields it lacks take the spec's defaults; a stored
 * field that no longer passes the schema (saved under older rules) takes its default alone, so one
 * stale value does not reset the whole email.
 */
export function designFromRecord(record: EmailRecord): EmailDesign {
  const picked = Object.fromEntries(FIELDS.filter((f) => record[f] !== undefined && record[f] !== null).map((f) => [f, record[f]]));
  const whole = emailDesignSchema.safeParse(picked);
  if (whole.success) return whole.data;
  const kept = Object.fromEntries(
    Object.entries(picked).filter(([field, value]) => emailDesignSchema.shape[field as keyof EmailDesign].safeParse(value).success),
  );
  return emailDesignSchema.parse(kept);
}

/** Server messages name the field 'reply to'; the editor's labels say 'reply-to' (docs/product/email-editor.md#messages). */
export function editorMessage(message: string): string {
  return message.replace(/reply to/gi, (m) => (m[0] === 'R' ? 'Reply-to' : 'reply-to'));
}

/**
 * A new footer language. Footer sentences an issuer copied into the body are translated with it
 * while they still read exactly as the old language's default; once edited they are theirs and stay.
 */
export function withFooterLanguage(design: EmailDesign, language: EmailFooterLanguage): Partial<EmailDesign> {
  const from = EMAIL_FOOTERS[design.email_footer_lang];
  const to = EMAIL_FOOTERS[language];
  const translate = (text: string) =>
    [from.sentTo, from.reason].reduce((out, sentence, i) => out.split(sentence).join(i === 0 ? to.sentTo : to.reason), text);
  return { email_footer_lang: language, email_body: translate(design.email_body), email_body_text: translate(design.email_body_text) };
}
