import { MESSAGES } from '@laurel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, errorOf, GOOD_PASSWORD, registerConfirmedAdmin } from './helpers/api.ts';
import { ManualClock, startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

const MINUTE = 60_000;
const clock = new ManualClock(new Date('2026-11-02T09:00:00Z'));
let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel({ clock });
});
afterAll(async () => {
  await laurel?.close();
});

describe('server-side idle expiry', () => {
  it('ends a session idle for 30 minutes with session_expired', async () => {
    const { client } = await registerConfirmedAdmin(laurel);
    clock.advance(29 * MINUTE);
    expect((await client.get('/api/auth/current')).statusCode).toBe(200);
    clock.advance(30 * MINUTE);
    const expired = await client.get('/api/auth/current');
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired)).toMatchObject({ error_type: 'session_expired', errors: [MESSAGES.sessionExpired] });
    // Once expired, it stays over even if used again.
    expect(errorOf(await client.get('/api/auth/current')).error_type).toBe('unauthenticated');
  });

  it('keeps a session alive while it is used', async () => {
    const { client } = await registerConfirmedAdmin(laurel);
    for (let i = 0; i < 6; i++) {
      clock.advance(20 * MINUTE);
      expect((await client.get('/api/auth/current')).statusCode).toBe(200);
    }
  });

  it('ends a session 12 hours after sign-in however active it is, and a new sign-in starts a new one', async () => {
    const { client, email } = await registerConfirmedAdmin(laurel);
    for (let i = 0; i < 35; i++) {
      clock.advance(20 * MINUTE);
      expect((await client.get('/api/auth/current')).statusCode, `after ${(i + 1) * 20} minutes`).toBe(200);
    }
    clock.advance(20 * MINUTE); // 12 hours since sign-in
    const ended = await client.get('/api/auth/current');
    expect(ended.statusCode).toBe(401);
    expect(errorOf(ended).error_type).toBe('session_expired');
    const again = new ApiClient(laurel);
    expect((await again.login(email, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await again.get('/api/auth/current')).statusCode).toBe(200);
  });

  it('gives every sign-in its own token, and ending one leaves the other', async () => {
    const first = await registerConfirmedAdmin(laurel);
    const second = new ApiClient(laurel);
    await second.login(first.email, GOOD_PASSWORD);
    expect(second.token).not.toBe(first.client.token);
    await first.client.delete('/api/auth/current');
    expect((await second.get('/api/auth/current')).statusCode).toBe(200);
  });
});
