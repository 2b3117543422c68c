import { describe, expect, it } from 'vitest';
import { addCreditMonths, creditAnchor, monthlyCreditsOf, nextCreditDate, periodIndex, periodStart } from '../src/credit-periods.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('credit periods in Pacific time (docs/product/billing-and-credits.md#rules-and-limits)', () => {
  it('renews a month later at the same Los Angeles clock time, across daylight saving changes', () => {
    // 10:00 PST (UTC-8) on 15 January.
    const anchor = at('2026-01-15T18:00:00Z');
    // DST begins on 8 March: the April renewal is 10:00 PDT (UTC-7), an hour earlier in UTC.
    expect(iso(addCreditMonths(anchor, 3))).toBe('2026-04-15T17:00:00.000Z');
    // DST ends on 1 November: 10:00 PST again.
    expect(iso(addCreditMonths(anchor, 10))).toBe('2026-11-15T18:00:00.000Z');
    expect(iso(addCreditMonths(anchor, 12))).toBe('2027-01-15T18:00:00.000Z');
  });

  it('counts periods by the Los Angeles calendar, not by UTC days', () => {
    // 20:00 PST on 31 January is already 1 February in UTC.
    const anchor = at('2026-02-01T04:00:00Z');
    expect(periodIndex(anchor, at('2026-02-28T12:00:00Z'))).toBe(0);
    // The month ends on 28 February in Los Angeles: the period turns at 20:00 PST, 04:00 UTC on 1 March.
    expect(iso(nextCreditDate(anchor, at('2026-02-10T00:00:00Z')))).toBe('2026-03-01T04:00:00.000Z');
    expect(periodIndex(anchor, at('2026-03-01T03:59:59Z'))).toBe(0);
    expect(periodIndex(anchor, at('2026-03-01T04:00:00Z'))).toBe(1);
  });

  it('clamps month ends and goes back to the anchor’s own day', () => {
    const anchor = at('2027-01-31T20:00:00Z'); // 12:00 PST, 31 January 2027
    expect(iso(addCreditMonths(anchor, 1))).toBe('2027-02-28T20:00:00.000Z');
    // 31 March is after the DST change: 12:00 PDT.
    expect(iso(addCreditMonths(anchor, 2))).toBe('2027-03-31T19:00:00.000Z');
    expect(iso(addCreditMonths(anchor, 3))).toBe('2027-04-30T19:00:00.000Z');
    // A leap year's February has 29 days.
    const leap = at('2028-01-31T20:00:00Z');
    expect(iso(addCreditMonths(leap, 1))).toBe('2028-02-29T20:00:00.000Z');
    expect(iso(nextCreditDate(leap, at('2028-02-29T19:59:00Z')))).toBe('2028-02-29T20:00:00.000Z');
    expect(iso(nextCreditDate(leap, at('2028-02-29T20:00:00Z')))).toBe('2028-03-31T19:00:00.000Z');
  });

  it('moves a wall time the spring change skips an hour on, and takes the first of a repeated hour', () => {
    // 02:30 PST on 8 February; on 8 March 2026 the clocks jump from 02:00 to 03:00.
    const skipped = at('2026-02-08T10:30:00Z');
    expect(iso(addCreditMonths(skipped, 1))).toBe('2026-03-08T10:30:00.000Z'); // 03:30 PDT
    // 01:30 PDT on 1 October; on 1 November 2026 01:30 happens twice, first in PDT.
    const repeated = at('2026-10-01T08:30:00Z');
    expect(iso(addCreditMonths(repeated, 1))).toBe('2026-11-01T08:30:00.000Z');
  });

  it('numbers periods from the anchor, and a year of them has twelve', () => {
    const anchor = at('2026-01-31T08:00:00Z'); // 00:00 PST, 31 January
    expect(periodIndex(anchor, anchor)).toBe(0);
    expect(periodIndex(anchor, at('2026-01-01T00:00:00Z'))).toBe(0);
    const starts = Array.from({ length: 13 }, (_, i) => addCreditMonths(anchor, i));
    starts.forEach((start, i) => {
      expect(periodIndex(anchor, start)).toBe(i);
      expect(periodIndex(anchor, new Date(start.getTime() - 1))).toBe(Math.max(0, i - 1));
      expect(iso(periodStart(anchor, new Date(start.getTime() + 3_600_000)))).toBe(iso(start));
      expect(iso(nextCreditDate(anchor, start))).toBe(iso(starts[i + 1] ?? addCreditMonths(anchor, i + 1)));
    });
    expect(periodIndex(anchor, at('2027-01-31T07:59:59Z'))).toBe(11);
  });

  it('anchors on the last subscription change, else on the account’s creation', () => {
    const created_at = at('2026-01-01T00:00:00Z');
    expect(creditAnchor({ created_at, subscription_updated: null })).toBe(created_at);
    const changed = at('2026-05-05T12:00:00Z');
    expect(creditAnchor({ created_at, subscription_updated: changed })).toBe(changed);
  });

  it('gives the free plan 50 credits a period, a plan its own, and a discontinued plan none', () => {
    expect(monthlyCreditsOf({ stripe_active: false, stripe_plan: null })).toBe(50);
    expect(monthlyCreditsOf({ stripe_active: false, stripe_plan: 'enterprise-monthly-3' })).toBe(50);
    expect(monthlyCreditsOf({ stripe_active: true, stripe_plan: 'advanced-monthly-3' })).toBe(250);
    expect(monthlyCreditsOf({ stripe_active: true, stripe_plan: 'prem-monthly-2' })).toBeNull();
  });
});
