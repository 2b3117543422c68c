import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

/**
 * Per-IP limits count the client's address. The `X-Forwarded-For` header is only believed from the
 * proxies listed in TRUST_PROXY; otherwise anyone could pick a new address for every request.
 */

/** A wrong sign-in from `socket`, claiming to be `forwardedFor`; the status code. */
async function wrongSignIn(laurel: TestLaurel, socket: string, forwardedFor?: string): Promise<number> {
  const headers = { host: 'laurel.test', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) };
  const csrf = (await laurel.app.inject({ method: 'GET', url: '/api/auth/csrf', remoteAddress: socket, headers })).json().csrf_token;
  const response = await laurel.app.inject({
    method: 'POST',
    url: '/api/auth',
    remoteAddress: socket,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ email: uniqueEmail(), password: 'whatever-password', csrf_token: csrf }),
  });
  return response.statusCode;
}

describe('TRUST_PROXY in the environment', () => {
  it('refuses an entry that is neither an address nor a CIDR, naming the variable', () => {
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1, nonsense', '300.1.2.3', '::1/129', '10.0.0.0/8/1']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('accepts a list of addresses and CIDRs, and is off when unset or empty', () => {
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1 , fd00::/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
  });
});

describe('without TRUST_PROXY', () => {
  let laurel: TestLaurel;
  beforeAll(async () => {
    laurel = await startTestLaurel();
  });
  afterAll(async () => {
    await laurel?.close();
  });

  it('ignores X-Forwarded-For: 40 wrong sign-ins from one socket, each claiming a new address, are throttled after 20', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push(await wrongSignIn(laurel, '10.66.0.1', `198.51.100.${i + 1}`));
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(20).fill(429));
  });
});

describe('with TRUST_PROXY', () => {
  let laurel: TestLaurel;
  beforeAll(async () => {
    laurel = await startTestLaurel({ env: { TRUST_PROXY: '10.1.2.3, 127.0.0.0/8' } });
  });
  afterAll(async () => {
    await laurel?.close();
  });

  it('believes the address a listed proxy forwards: one client throttled does not throttle another', async () => {
    // What the client itself put in the header comes first; the proxy appends the address it saw.
    for (let i = 0; i < 20; i++) expect(await wrongSignIn(laurel, '127.0.0.1', `192.0.2.${i + 1}, 203.0.113.5`)).toBe(401);
    expect(await wrongSignIn(laurel, '127.0.0.1', '192.0.2.99, 203.0.113.5')).toBe(429);
    expect(await wrongSignIn(laurel, '10.1.2.3', '203.0.113.5')).toBe(429);
    expect(await wrongSignIn(laurel, '127.0.0.1', '203.0.113.6')).toBe(401);
    expect(await wrongSignIn(laurel, '10.1.2.3', '203.0.113.7')).toBe(401);
  });

  it('ignores X-Forwarded-For from a socket that is not a listed proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push(await wrongSignIn(laurel, '10.1.2.4', `198.51.100.${i + 1}`));
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
  });
});
