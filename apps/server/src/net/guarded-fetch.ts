import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolvePublicTarget } from './public-address.ts';

/**
 * The one way the server fetches an address a customer gave (a logo URL, a metadata document, an
 * OAuth endpoint): http(s) only, every connection made to an address checked after DNS resolution
 * (the check runs inside the socket's own lookup, so the checked address is the one connected to),
 * redirects followed by hand and each one checked again, and limits on size and time.
 */

export interface GuardedFetchOptions {
  /** ALLOW_PRIVATE_TARGETS: reach private and loopback addresses too. */
  allowPrivate: boolean;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The body is cut off, and the fetch refused, past this many bytes. */
  maxBytes?: number;
  /** For the whole fetch, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
}

export interface GuardedResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  /** The address finally answered, after redirects. */
  url: string;
}

export type GuardedFetchFailure = 'scheme' | 'private' | 'unresolvable' | 'too_large' | 'timeout' | 'redirects' | 'network';

export class GuardedFetchError extends Error {
  constructor(
    readonly reason: GuardedFetchFailure,
    message: string,
  ) {
    super(message);
  }
}

const DEFAULTS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function guardedFetch(address: string, options: GuardedFetchOptions): Promise<GuardedResponse> {
  const limits = { ...DEFAULTS, ...options };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = parseHttpUrl(address);
  let method = options.method ?? 'GET';
  let body = options.body;
  for (let hop = 0; ; hop++) {
    const response = await requestOnce(url, { ...limits, method, body, signal });
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || location === null) return response;
    if (hop >= limits.maxRedirects) throw new GuardedFetchError('redirects', `More than ${limits.maxRedirects} redirects`);
    url = parseHttpUrl(new URL(location, url).toString());
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}

function parseHttpUrl(address: string): URL {
  if (!URL.canParse(address)) throw new GuardedFetchError('scheme', 'Not a web address');
  const url = new URL(address);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GuardedFetchError('scheme', 'Only http and https addresses can be fetched');
  }
  if (url.username || url.password) throw new GuardedFetchError('scheme', 'Addresses with credentials are not fetched');
  return url;
}

interface RequestOptions extends Required<Pick<GuardedFetchOptions, 'allowPrivate' | 'maxBytes'>> {
  method: string;
  headers?: Record<string, string>;
  body: string | Buffer | undefined;
  signal: AbortSignal;
}

async function requestOnce(url: URL, options: RequestOptions): Promise<GuardedResponse> {
  // Checked here for every host (Node skips `lookup` for an IP literal); names are then connected
  // to the checked address only, so a second DNS answer cannot point elsewhere.
  const target = await resolvePublicTarget(url.hostname, { allowPrivate: options.allowPrivate }).catch((error: Error) => {
    throw classify(error);
  });
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      reject(classify(error));
      request.destroy();
    };
    const request = client.request(
      url,
      { method: options.method, headers: options.headers, lookup, signal: options.signal, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) fail(new GuardedFetchError('too_large', `The answer is larger than ${options.maxBytes} bytes`));
          else chunks.push(chunk);
        });
        response.on('error', fail);
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
          }
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks), url: url.toString() });
        });
      },
    );
    request.on('error', fail);
    request.end(options.body);
  });
}

function classify(error: Error): GuardedFetchError {
  if (error instanceof GuardedFetchError) return error;
  if (error.name === 'PrivateTargetError') return new GuardedFetchError('private', 'That address is not reachable from here');
  if (error.name === 'UnresolvableHostError') return new GuardedFetchError('unresolvable', 'That address could not be found');
  if (error.name === 'AbortError' || error.name === 'TimeoutError')
    return new GuardedFetchError('timeout', 'The address took too long to answer');
  return new GuardedFetchError('network', 'The address could not be reached');
}
