import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing as Standard Webhooks describes it (standardwebhooks.com): the secret is `whsec_` and base64
 * bytes; each delivery carries `webhook-id` (the event's id, the same on every attempt, so a receiver
 * de-duplicates by it), `webhook-timestamp` (seconds, so a receiver refuses replays outside its tolerance)
 * and `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` under the
 * secret's bytes.
 */

const SECRET_PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** Shown beside an endpoint to tell secrets apart; 4 base64 characters reveal nothing usable. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, SECRET_PREFIX.length + 4)}…`;
}

export function signatureHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}

/** The encryption context of an endpoint's stored secret: a value copied to another endpoint does not decrypt. */
export const secretContext = (endpointId: number) => `webhook-endpoint:${endpointId}`;
