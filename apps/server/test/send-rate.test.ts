import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.ts';
import { SendRateLimiter } from '../src/mail/send-rate.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '0' } });
});
afterAll(async () => {
  await laurel?.close();
});

const reserveMany = async (limiter: SendRateLimiter, key: string, count: number) => {
  const waits: number[] = [];
  for (let i = 0; i < count; i++) waits.push(await limiter.reserve(key));
  return waits;
};

describe('per-account send rate', () => {
  it('lets a second’s worth through at once, then spaces the rest evenly', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const limiter = new SendRateLimiter(laurel.context.db, 4, clock);
    expect(await reserveMany(limiter, 'first-1', 7)).toEqual([0, 0, 0, 0, 250, 500, 750]);
  });

  it('keeps accounts apart and refills with time', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const limiter = new SendRateLimiter(laurel.context.db, 2, clock);
    expect(await reserveMany(limiter, 'second-a', 3)).toEqual([0, 0, 500]);
    expect(await limiter.reserve('second-b')).toBe(0);
    clock.advance(2_000);
    expect(await reserveMany(limiter, 'second-a', 3)).toEqual([0, 0, 500]);
  });

  it('is one bucket for an account however many worker processes take from it', async () => {
    // Two limiters on one database stand for two worker processes' contexts.
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const first = new SendRateLimiter(laurel.context.db, 4, clock);
    const second = new SendRateLimiter(laurel.context.db, 4, clock);
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await first.reserve('shared'), await second.reserve('shared'));
    expect(waits).toEqual([0, 0, 0, 0, 250, 500, 750, 1000]);
    // A process whose clock lags gives back no tokens.
    const behind = new SendRateLimiter(laurel.context.db, 4, new ManualClock(new Date('2025-12-31T23:59:00Z')));
    expect(await behind.reserve('shared')).toBe(1250);
  });
});
