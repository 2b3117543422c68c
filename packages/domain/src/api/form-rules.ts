import { z } from 'zod';

/**
 * Building blocks for the checks a form makes before it sends a call: the call's own field schema, with the
 * words a person filling the form needs where the call's rule alone would answer less helpfully. The call's
 * schema is unchanged, so the server answers as before; the form checks the same rule, and says it its way.
 */

/** The one wording of a required field left empty, in sentence case: "First name is required." */
export const requiredMessage = (field: string) => `${field} is required.`;

/** A field that must not be left empty (saying `message`), and then holds to the call's rule for it. */
export const requiredThen = <T extends z.ZodType<unknown, string>>(rule: T, message: string) =>
  z.string().trim().min(1, message).pipe(rule);

/** The six digits of a one-time code, as the sign-in email and authenticator apps give them. */
export const sixDigitCode = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, message);
