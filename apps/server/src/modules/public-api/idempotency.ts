import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { apiIdempotency } from '../../db/schema.ts';
import { V1Error } from './errors.ts';
import { requireKey } from './key-auth.ts';

/** How long a first answer is kept for retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request that left no answer this long ago (its process stopped) no longer holds its key. */
const ABANDONED_MS = 5 * 60 * 1000;

interface Claim {
  keyId: number;
  idempotencyKey: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

const requestHash = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

function headerKey(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  const key = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!key) return null;
  if (key.length > 255)
    throw new V1Error(400, 'invalid_request_error', 'Idempotency-Key may be at most 255 characters.', 'Idempotency-Key');
  return key;
}

/**
 * Before a POST with an `Idempotency-Key` runs: the first request claims the key by inserting its row
 * (the primary key lets exactly one of many concurrent requests in); a later one with the same body gets
 * the stored answer, marked `Idempotent-Replayed: true`, or a 409 while the first still runs; with
 * another body it is refused with 422. Answers are kept 24 hours.
 */
export async function claimIdempotencyKey(context: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (request.method !== 'POST') return false;
  const idempotencyKey = headerKey(request);
  if (!idempotencyKey) return false;
  const { key } = requireKey(request);
  const now = context.clock.now();
  const hash = requestHash(request);
  await context.db
    .delete(apiIdempotency)
    .where(and(eq(apiIdempotency.key_id, key.id), lt(apiIdempotency.created_at, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
  const claimed = await context.db
    .insert(apiIdempotency)
    .values({ key_id: key.id, idempotency_key: idempotencyKey, request_hash: hash, created_at: now })
    .onConflictDoNothing()
    .returning({ key_id: apiIdempotency.key_id });
  if (claimed.length) {
    request.idempotencyClaim = { keyId: key.id, idempotencyKey };
    return false;
  }
  const thisKey = and(eq(apiIdempotency.key_id, key.id), eq(apiIdempotency.idempotency_key, idempotencyKey));
  const [stored] = await context.db.select().from(apiIdempotency).where(thisKey);
  if (stored && stored.request_hash !== hash)
    throw new V1Error(422, 'idempotency_error', 'This Idempotency-Key was already used with another request.', 'Idempotency-Key');
  if (!stored || stored.status === null || stored.reply === null) {
    if (stored && now.getTime() - stored.created_at.getTime() > ABANDONED_MS)
      await context.db.delete(apiIdempotency).where(and(thisKey, isNull(apiIdempotency.status)));
    throw new V1Error(
      409,
      'idempotency_in_progress',
      'A request with this Idempotency-Key is still running. Retry in a moment.',
      undefined,
      {
        'retry-after': '1',
      },
    );
  }
  reply.header('idempotent-replayed', 'true').code(stored.status).type('application/json; charset=utf-8').send(stored.reply);
  return true;
}

/**
 * Keeps the claimed request's answer (before it leaves, so a retry arriving right after finds it). A
 * server failure keeps nothing: the key is released and a retry runs the request again. Nor does a 400:
 * a refused request changed nothing, so the key stays free for the corrected request (the same key with
 * another body would otherwise be a 422 for good).
 */
export async function storeIdempotentReply(context: AppContext, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const claim = request.idempotencyClaim;
  if (!claim) return;
  request.idempotencyClaim = null;
  const thisKey = and(eq(apiIdempotency.key_id, claim.keyId), eq(apiIdempotency.idempotency_key, claim.idempotencyKey));
  if (reply.statusCode >= 500 || reply.statusCode === 400 || typeof payload !== 'string') {
    await context.db.delete(apiIdempotency).where(thisKey);
    return;
  }
  await context.db.update(apiIdempotency).set({ status: reply.statusCode, reply: payload }).where(thisKey);
}
