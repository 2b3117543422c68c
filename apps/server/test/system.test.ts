import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { announcements } from '../src/db/schema.ts';
import { logLoopDelay } from '../src/loop-delay.ts';
import { ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel();
});
afterAll(async () => {
  await laurel?.close();
});

describe('environment', () => {
  it('is validated at start with messages that name the variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres:\/\//);
    expect(() => parseEnv({ APP_SECRET: 'short' })).toThrow(/APP_SECRET must be at least 32 characters/);
    expect(() => parseEnv({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => parseEnv({ S3_BUCKET: 'b' })).toThrow(/S3 settings go together/);
    expect(parseEnv({})).toMatchObject({ PORT: 3000, DATA_DIR: './data', PUBLIC_URL: 'http://localhost:3000', WORKERS: 2 });
    expect(parseEnv({ PUBLIC_URL: 'https://certs.example.com/', DATABASE_URL: '' }).PUBLIC_URL).toBe('https://certs.example.com');
  });

  it('measures the event loop only when LOOP_DELAY_LOG_MS asks for it, and prints its worst delay of each period', async () => {
    expect(parseEnv({}).LOOP_DELAY_LOG_MS).toBeUndefined();
    expect(parseEnv({ LOOP_DELAY_LOG_MS: '1000' }).LOOP_DELAY_LOG_MS).toBe(1000);
    expect(() => parseEnv({ LOOP_DELAY_LOG_MS: 'often' })).toThrow(/LOOP_DELAY_LOG_MS/);

    const printed: string[] = [];
    const delays = () => printed.map((line) => Number(/^loop_delay_max_ms=(\d+)$/.exec(line)?.[1]));
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    const stop = logLoopDelay(200);
    let stalled = -1;
    try {
      // The histogram counts from its first tick on; then hold the loop for 300 ms, as a synchronous query would.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const until = performance.now() + 300;
      while (performance.now() < until);
      // On a busy machine the timers come due late, so the stall may land in any line: find it, then two more.
      await vi.waitFor(
        () => {
          stalled = delays().findIndex((delay) => delay >= 250);
          expect(stalled).toBeGreaterThanOrEqual(0);
          expect(printed.length).toBeGreaterThan(stalled + 2);
        },
        { timeout: 5_000 },
      );
    } finally {
      stop();
      log.mockRestore();
    }
    expect(printed.every((line) => /^loop_delay_max_ms=\d+$/.test(line))).toBe(true);
    // Each line covers its own period: a later one saw none of it.
    expect(delays()[stalled + 2]).toBeLessThan(250);
  });
});

describe('system calls', () => {
  it('serves an OpenAPI document listing the API', async () => {
    const doc = (await new ApiClient(laurel).get('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth', '/api/auth/current', '/api/registration/account', '/api/admin/outbox']),
    );
  });

  it('shows the newest active announcement once per user until dismissed', async () => {
    const { client } = await registerConfirmedAdmin(laurel);
    expect((await client.get('/api/users/show/modal/update-system')).json()).toEqual([]);
    await laurel.context.db.insert(announcements).values({ title: 'New designer', content: '<p>Fonts!</p>', status: true });
    const shown = (await client.get('/api/users/show/modal/update-system')).json();
    expect(shown[1]).toMatchObject({ title: 'New designer', content: '<p>Fonts!</p>' });
    await client.post('/api/users/show/modal/update-system/seen');
    expect((await client.get('/api/users/show/modal/update-system')).json()).toEqual([]);
    expect((await new ApiClient(laurel).get('/api/users/show/modal/update-system')).json()).toEqual([]);
  });

  it('answers readiness only while the database answers, and liveness without it', async () => {
    const client = new ApiClient(laurel);
    const ready = await client.get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, database: 'up' });
    expect((await new ApiClient(laurel, null, 'someschool.laurel.test').get('/api/health/ready')).statusCode).toBe(404);
  });

  it('sets security headers on every reply', async () => {
    const response = await new ApiClient(laurel).get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('refuses text holding a NUL character with a clear message, in a path, a query or a body, and stores nothing', async () => {
    const { client } = await registerConfirmedAdmin(laurel);
    const inPath = await client.get('/api/files/a%00b');
    expect(inPath.statusCode).toBe(400);
    expect(errorOf(inPath).message).toBe('Text may not contain the NUL character (U+0000).');
    expect((await client.get('/api/projects?limit=10&like[title]=x%00y')).statusCode).toBe(400);

    const before = (await client.get('/api/projects?limit=100')).json().count;
    expect(before).toBeTypeOf('number');
    const inBody = await client.post('/api/projects', { title: 'Spring\u0000term', recipients: [] });
    expect(inBody.statusCode).toBe(400);
    expect(errorOf(inBody).errors).toEqual(['Text may not contain the NUL character (U+0000).']);
    const inKey = await client.post('/api/projects', { title: 'Spring term', recipients: [{ 'FIRST\u0000NAME': 'Ada' }] });
    expect(inKey.statusCode).toBe(400);
    expect((await client.get('/api/projects?limit=100')).json().count).toBe(before);
  });
});
