import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

/**
 * A webhook receiver as a customer would write one, from the Standard Webhooks description alone
 * (standardwebhooks.com): the signed content is `{webhook-id}.{webhook-timestamp}.{raw body}`, the key
 * is the base64 part of the `whsec_` secret decoded to bytes, the header holds space-separated
 * `v1,{base64 HMAC-SHA256}` signatures, and a timestamp outside the tolerance is a replay.
 */

export const TOLERANCE_SECONDS = 5 * 60;

export function verifyStandardWebhook(secret: string, headers: http.IncomingHttpHeaders, body: string, nowSeconds: number): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export interface Received {
  id: string;
  timestamp: number;
  receivedAt: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  payload: { id: string; type: string; timestamp: string; data: Record<string, unknown> };
  answered: number;
}

/** A local receiver that answers 500 to the first `failFirst` attempts of each webhook-id, then 200. */
export class WebhookReceiver {
  readonly received: Received[] = [];
  failFirst = 0;
  /** Answer every attempt with this status instead. */
  always: number | null = null;
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<string> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const id = String(request.headers['webhook-id']);
        const seen = this.received.filter((r) => r.id === id).length;
        const answered = this.always ?? (seen < this.failFirst ? 500 : 200);
        this.received.push({
          id,
          timestamp: Number(request.headers['webhook-timestamp']),
          receivedAt: Math.floor(Date.now() / 1000),
          headers: request.headers,
          body,
          payload: JSON.parse(body),
          answered,
        });
        response.writeHead(answered, { 'content-type': 'text/plain' });
        response.end(answered === 200 ? 'ok' : 'receiver is down for maintenance');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/hooks/laurel`;
    return this.url;
  }

  /** The events taken (answered 200), once each by webhook-id, as a receiver that de-duplicates keeps them. */
  accepted(): Received[] {
    const byId = new Map<string, Received>();
    for (const r of this.received) if (r.answered === 200 && !byId.has(r.id)) byId.set(r.id, r);
    return [...byId.values()];
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
