import type { Env } from '../../config/env.ts';

/**
 * Laurel's issuer addresses under PUBLIC_URL. did:web turns `did:web:<host>:<path…>` into
 * `https://<host>/<path…>/did.json`, with a port written `%3A` in the host: so an account's DID
 * `did:web:<host>:issuers:<public id>` is answered at `<PUBLIC_URL>/issuers/<public id>/did.json`.
 */

type UrlEnv = Pick<Env, 'PUBLIC_URL'>;

/** `did:web:<host, port as %3A>[:<PUBLIC_URL's path segments>]`, the prefix of every issuer's DID. */
function didPrefix(env: UrlEnv): string {
  const url = new URL(env.PUBLIC_URL);
  const segments = url.pathname.split('/').filter(Boolean).map(encodeURIComponent);
  return ['did:web', url.host.replace(':', '%3A'), ...segments].join(':');
}

export function issuerDid(env: UrlEnv, publicId: string): string {
  return `${didPrefix(env)}:issuers:${publicId}`;
}

/** The public id of one of our issuers' DIDs (a key's id with its `#fragment` too), or null for any other DID. */
export function publicIdOfDid(env: UrlEnv, did: string): string | null {
  const prefix = `${didPrefix(env)}:issuers:`;
  if (!did.startsWith(prefix)) return null;
  const publicId = did.slice(prefix.length).split('#')[0]!;
  return /^[a-z0-9]{1,64}$/.test(publicId) ? publicId : null;
}

export function statusListUrl(env: UrlEnv, publicId: string, list: number): string {
  return `${env.PUBLIC_URL}/issuers/${publicId}/status/${list}`;
}

/** The issuer and list number of one of our status list addresses, or null. */
export function parseStatusListUrl(env: UrlEnv, url: string): { publicId: string; list: number } | null {
  const prefix = `${env.PUBLIC_URL}/issuers/`;
  if (!url.startsWith(prefix)) return null;
  const match = /^([a-z0-9]{1,64})\/status\/(\d{1,6})$/.exec(url.slice(prefix.length));
  return match ? { publicId: match[1]!, list: Number(match[2]) } : null;
}

/** Absolute address of a path of ours (a logo's `/api/files/…`); an address that already is absolute stays. */
export function absoluteUrl(env: UrlEnv, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${env.PUBLIC_URL}${path.startsWith('/') ? '' : '/'}${path}`;
}
