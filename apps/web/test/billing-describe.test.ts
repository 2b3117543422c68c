import { describe, expect, it } from 'vitest';
import { setsUsed } from '../src/features/billing/describe.ts';

describe('the subscription screen’s certificate sets', () => {
  it('shows the sets used of those the account may own, and no limit while its plan sets none', () => {
    expect(setsUsed(1, 1)).toBe('1 of 1');
    expect(setsUsed(12, 1500)).toBe('12 of 1,500');
    expect(setsUsed(4, null)).toBe('4 of unlimited');
  });
});
