import { type EmailDesign, validateEmailDesign } from '@laurel/domain';
import { ApiError } from '../../shared/api/errors.ts';
import { notifyError } from '../../shared/lib/notify.ts';
import { editorMessage } from './email-form.ts';

export type FieldErrors = Record<string, string>;

/** Field errors as the inputs show them: the first message of each field. */
function byField(list: { field: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of list) errors[field] ??= message;
  return errors;
}

/** The editor's rules before anything is sent: one toast per message (docs/product/email-editor.md#messages) and the field errors. */
export function checkBeforeSave(design: EmailDesign): FieldErrors | null {
  const problems = validateEmailDesign(design);
  if (!problems.length) return null;
  for (const message of new Set(problems.map((p) => p.message))) notifyError(message);
  return byField(problems);
}

/** A refused save: every server message as its own toast, with 'reply to' written 'reply-to'. */
export function showSaveFailure(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) {
    notifyError('Error Saving Certificate: the server could not be reached. Please try again.');
    return {};
  }
  const messages = [...new Set(error.body.errors.length ? error.body.errors : [error.body.message])].map(editorMessage);
  for (const message of messages) notifyError(message);
  const mentionsReplyTo = messages.some((m) => /reply-to/i.test(m));
  const field = error.body.field ?? (mentionsReplyTo ? 'reply_to' : null);
  return field ? { [field]: messages[0]! } : {};
}
