import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.ts';
import { SendRateLimiter } from '../src/mail/send-rate.ts';

describe('per-account send rate', () => {
  it('lets a second’s worth through at once, then spaces the rest evenly', () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const limiter = new SendRateLimiter(4, clock);
    expect(Array.from({ length: 7 }, () => limiter.reserve('account-1'))).toEqual([0, 0, 0, 0, 250, 500, 750]);
  });

  it('keeps accounts apart and refills with time', () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const limiter = new SendRateLimiter(2, clock);
    expect([limiter.reserve('a'), limiter.reserve('a'), limiter.reserve('a')]).toEqual([0, 0, 500]);
    expect(limiter.reserve('b')).toBe(0);
    clock.advance(2_000);
    expect([limiter.reserve('a'), limiter.reserve('a'), limiter.reserve('a')]).toEqual([0, 0, 500]);
  });
});
