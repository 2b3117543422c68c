import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VersionStatus } from '@laurel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, registerConfirmedAdmin } from './helpers/api.ts';
import { ManualClock, startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { storeAccount, subUser } from './helpers/store-fixtures.ts';

/** The running version, as the root package.json states it. */
const ROOT_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** A release feed on this machine: what it answers can be changed between requests, and it counts them. */
let feed: Server;
let feedUrl: string;
let answer = '{}';
let hits = 0;
beforeAll(async () => {
  feed = createServer((_request, response) => {
    hits += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(answer);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/releases/latest.json`;
});
afterAll(async () => {
  await new Promise((resolve) => feed.close(resolve));
});

const version = async (client: ApiClient, refresh = false) => {
  const response = await client.get(`/api/admin/version${refresh ? '?refresh=1' : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VersionStatus>();
};

describe('GET /api/admin/version with a release feed', () => {
  let laurel: TestLaurel;
  const clock = new ManualClock();
  beforeAll(async () => {
    laurel = await startTestLaurel({ clock, env: { UPDATE_FEED_URL: feedUrl, ALLOW_PRIVATE_TARGETS: '1' } });
  });
  afterAll(async () => {
    await laurel?.close();
  });

  it('compares the running version with the feed, reads it once an hour, and refreshes at most once a minute', async () => {
    const admin = (await registerConfirmedAdmin(laurel)).client;
    answer = JSON.stringify({ version: '99.1.0', notes: 'Faster sends.', url: 'https://example.com/releases/99.1.0' });
    hits = 0;
    const first = await version(admin);
    expect(first).toMatchObject({
      current: ROOT_VERSION,
      latest: { version: '99.1.0', notes: 'Faster sends.', url: 'https://example.com/releases/99.1.0' },
      update_available: true,
      source: new URL(feedUrl).host,
      error: null,
    });
    expect(first.checked_at).toBe(clock.now().toISOString());
    expect(hits).toBe(1);

    answer = JSON.stringify({ version: '99.2.0' });
    expect((await version(admin)).latest?.version).toBe('99.1.0');
    clock.advance(30_000);
    expect((await version(admin, true)).latest?.version).toBe('99.1.0');
    expect(hits).toBe(1);
    clock.advance(31_000);
    const refreshed = await version(admin, true);
    expect(refreshed.latest).toEqual({ version: '99.2.0', notes: null, url: null });
    expect(hits).toBe(2);

    answer = JSON.stringify({ version: '0.0.1' });
    clock.advance(60 * 60_000);
    // An hour idle ends any session: a fresh one reads the feed again.
    const older = await version((await registerConfirmedAdmin(laurel)).client);
    expect(older.latest?.version).toBe('0.0.1');
    expect(older.update_available).toBe(false);
    expect(hits).toBe(3);
  });

  it('says why a feed that is not JSON cannot be read, and keeps the last release it knew', async () => {
    const admin = (await registerConfirmedAdmin(laurel)).client;
    clock.advance(2 * 60_000);
    answer = '<html>maintenance</html>';
    const status = await version(admin, true);
    expect(status.error).toBe('The release feed is not valid JSON.');
    expect(status.latest?.version).toBe('0.0.1');

    clock.advance(2 * 60_000);
    answer = JSON.stringify({ notes: 'no version here' });
    expect((await version(admin, true)).error).toBe('The release feed does not name a version.');
  });

  it('is for account admins and super-admins only', async () => {
    const account = await storeAccount(laurel);
    const sub = await subUser(laurel, account.accountId);
    expect((await sub.client.get('/api/admin/version')).statusCode).toBe(403);
    expect((await new ApiClient(laurel).get('/api/admin/version')).statusCode).toBe(401);
    const root = new ApiClient(laurel);
    expect((await root.login('root@laurel.test', 'correct horse battery staple')).statusCode).toBe(200);
    expect((await root.get('/api/admin/version')).statusCode).toBe(200);
  });
});

describe('GET /api/admin/version without private targets allowed', () => {
  it('refuses to read a feed on a private address', async () => {
    const laurel = await startTestLaurel({ env: { UPDATE_FEED_URL: feedUrl } });
    try {
      hits = 0;
      const status = await version((await registerConfirmedAdmin(laurel)).client);
      expect(status.latest).toBeNull();
      expect(status.error).toBe('That address is not reachable from here');
      expect(hits).toBe(0);
    } finally {
      await laurel.close();
    }
  });
});

describe('GET /api/admin/version without a release feed', () => {
  it('answers the running version and no latest', async () => {
    const laurel = await startTestLaurel();
    try {
      const status = await version((await registerConfirmedAdmin(laurel)).client, true);
      expect(status).toEqual({
        current: ROOT_VERSION,
        latest: null,
        update_available: false,
        checked_at: null,
        source: null,
        error: null,
      });
    } finally {
      await laurel.close();
    }
  });
});
