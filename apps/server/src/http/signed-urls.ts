import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { hmac, safeEqual } from '../secrets.ts';

/**
 * Links the browser opens without our Authentication header (an <img> thumbnail, a PDF preview in a
 * new window) carry a signature over the path and an expiry instead.
 */
export function signPath(context: AppContext, path: string, ttlMs: number): string {
  const expires = context.clock.now().getTime() + ttlMs;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}expires=${expires}&sig=${hmac(context.secret, `url:${path}:${expires}`)}`;
}

/** True when the request's URL is one `signPath` produced and it has not expired. */
export function hasValidSignature(context: AppContext, request: FastifyRequest): boolean {
  const url = new URL(request.url, 'http://x');
  const expires = url.searchParams.get('expires');
  const sig = url.searchParams.get('sig');
  if (!expires || !sig || Number(expires) < context.clock.now().getTime()) return false;
  url.searchParams.delete('expires');
  url.searchParams.delete('sig');
  const path = `${url.pathname}${url.search}`;
  return safeEqual(sig, hmac(context.secret, `url:${path}:${expires}`));
}
