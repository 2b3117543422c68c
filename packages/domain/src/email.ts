/**
 * The product's email pattern (docs/product/sign-in-and-sessions.md#rules-and-limits): an RFC-style address with a dotted domain,
 * total length under 255, local part under 65 and every domain label under 64.
 */
const EMAIL_PATTERN =
  /^(?:[^<>()[\]\\.,;:\s@"]+(?:\.[^<>()[\]\\.,;:\s@"]+)*|"[^"\r\n]+")@(?:\[\d{1,3}(?:\.\d{1,3}){3}\]|(?:[a-zA-Z0-9-]+\.)+[a-zA-Z]{2,})$/;

export function isValidEmail(value: string): boolean {
  if (value.length >= 255 || !EMAIL_PATTERN.test(value)) return false;
  const at = value.lastIndexOf('@');
  if (at >= 65) return false;
  return value
    .slice(at + 1)
    .split('.')
    .every((label) => label.length < 64);
}

/** Addresses are compared and stored in one form so that sign-in is case-insensitive. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
