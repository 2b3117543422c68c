import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong validator of these exact bytes. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Whether an If-None-Match header names this validator (`*`, one tag, or a list; weak tags compare equal, RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a file that is the same every time it is asked for (a sent certificate's image or PDF) with its
 * ETag, or a bodiless 304 when the client already holds those bytes: a browser or mail client that
 * revalidates its copy does not download it again. A caller that knows the version already passes its own tag.
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: Buffer, etag = etagOf(body)): FastifyReply {
  reply.header('etag', etag);
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(body);
}
