import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { hmac, safeEqual } from '../../secrets.ts';

/**
 * The sign-in form's CSRF token (docs/product/sign-in-and-sessions.md#calls): stateless, signed with the app secret, valid for two
 * hours, so no server state is kept for visitors who never sign in.
 */
const VALID_MS = 2 * 60 * 60_000;

export function issueCsrfToken(context: AppContext): string {
  const payload = `${context.clock.now().getTime()}.${randomBytes(12).toString('base64url')}`;
  return `${payload}.${hmac(context.secret, `csrf:${payload}`)}`;
}

export function isValidCsrfToken(context: AppContext, token: string | undefined): boolean {
  if (!token) return false;
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [issuedAt, nonce, signature] = parts as [string, string, string];
  if (!safeEqual(signature, hmac(context.secret, `csrf:${issuedAt}.${nonce}`))) return false;
  const age = context.clock.now().getTime() - Number(issuedAt);
  return Number.isFinite(age) && age >= 0 && age < VALID_MS;
}
