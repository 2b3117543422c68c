import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../http/auth.ts';
import { type ApiKeyRow, authenticateKey } from '../api-keys/index.ts';
import type { SessionRow } from '../auth/index.ts';
import { V1Error } from './errors.ts';

/** A member of an account as the services take one (the same shape a session gives). */
export type Member = Auth & { accountId: number };

export interface KeyAuth {
  key: ApiKeyRow;
  /** The key's user as the app's services take them: the same permission checks as their sessions. */
  member: Member;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: KeyAuth | null;
  }
}

const REFUSALS = {
  missing: 'Send your API key as `Authorization: Bearer <key>`.',
  invalid: 'This API key is not valid.',
  expired: 'This API key has expired. Make a new one on the API and integrations page.',
  revoked: 'This API key was revoked. Make a new one on the API and integrations page.',
} as const;

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(Array.isArray(header) ? (header[0] ?? '') : (header ?? ''));
  return match?.[1] ?? null;
}

/**
 * The key's user, standing in for a signed-in member: the services read the user and the account,
 * never the session, so a key reaches exactly what its user may reach in the app.
 */
function keyMember(key: ApiKeyRow, user: Member['user']): Member {
  const session: SessionRow = {
    id: 0,
    token_hash: '',
    user_id: user.id,
    impersonator_id: null,
    created_at: key.created_at,
    last_seen_at: key.last_used_at ?? key.created_at,
    revoked_at: null,
    ip: null,
    user_agent: null,
  };
  return { user, session, token: '', twoFactorSetupRequired: false, accountId: key.account_id };
}

export async function authenticateRequest(context: AppContext, request: FastifyRequest): Promise<KeyAuth> {
  const secret = bearer(request);
  if (!secret) throw new V1Error(401, 'authentication_error', REFUSALS.missing);
  const lookup = await authenticateKey(context, secret);
  if (lookup.status !== 'valid') throw new V1Error(401, 'authentication_error', REFUSALS[lookup.status]);
  return { key: lookup.key, member: keyMember(lookup.key, lookup.user) };
}

export function requireKey(request: FastifyRequest): KeyAuth {
  if (!request.apiKey) throw new V1Error(401, 'authentication_error', REFUSALS.missing);
  return request.apiKey;
}
