/**
 * Monthly credit periods (docs/product/billing-and-credits.md#rules-and-limits: "Next credit date is one month after subscription_updated, in
 * Pacific time"). A period starts on the anchor's day and time of day as a clock in Los Angeles shows
 * them, so a refill stays at 10:00 whether daylight saving time is on or off. A day the month does not
 * have clamps to its last day, and the next month goes back to the anchor's own day: Jan 31 → Feb 28
 * (29) → Mar 31.
 */

import { FREE_PLAN_MONTHLY_CREDITS } from './constants.ts';
import { activePlan, DISCONTINUED_PLAN_IDS, type PlanHolder } from './plans.ts';

export const CREDIT_TIME_ZONE = 'America/Los_Angeles';

interface WallTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: CREDIT_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function wallTime(instant: number): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
    millisecond: ((instant % 1000) + 1000) % 1000,
  };
}

const asUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);

/** How far Los Angeles' clock is ahead of UTC at an instant (negative: -8 h or -7 h). */
const offsetAt = (instant: number) => asUtc(wallTime(instant)) - instant;

/**
 * The instant a Los Angeles clock shows a wall time. A time that happens twice (the hour repeated in
 * November) is the first of the two; a time that never happens (the hour skipped in March) is read
 * with the offset before the change, i.e. an hour later on the clock, as `Temporal`'s 'compatible' does.
 */
function instantOf(w: WallTime): number {
  const utc = asUtc(w);
  const DAY = 86_400_000;
  const before = utc - offsetAt(utc - DAY);
  const after = utc - offsetAt(utc + DAY);
  const shows = (instant: number) => asUtc(wallTime(instant)) === utc;
  const candidates = [before, after].filter(shows);
  return candidates.length ? Math.min(...candidates) : before;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The anchor moved on by whole months on the Los Angeles calendar, its day clamped to the month's length. */
export function addCreditMonths(anchor: Date, months: number): Date {
  const start = wallTime(anchor.getTime());
  const index = start.year * 12 + (start.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(start.day, daysInMonth(year, month));
  return new Date(instantOf({ ...start, year, month, day }));
}

/**
 * Which period `now` falls in: 0 from the anchor until one month later, 1 for the month after, and so
 * on. Before the anchor (a clock set back) it is still period 0.
 */
export function periodIndex(anchor: Date, now: Date): number {
  const a = wallTime(anchor.getTime());
  const n = wallTime(now.getTime());
  const months = (n.year - a.year) * 12 + (n.month - a.month);
  if (months <= 0) return 0;
  // The period that starts in now's month may not have started yet.
  return addCreditMonths(anchor, months).getTime() <= now.getTime() ? months : months - 1;
}

/** When the current period began. */
export function periodStart(anchor: Date, now: Date): Date {
  return addCreditMonths(anchor, periodIndex(anchor, now));
}

/** The next credit date: when the period after the current one begins. */
export function nextCreditDate(anchor: Date, now: Date): Date {
  return addCreditMonths(anchor, periodIndex(anchor, now) + 1);
}

/** An account's periods count from its last subscription change, or from its creation if it never had one. */
export function creditAnchor(account: { subscription_updated: Date | null; created_at: Date }): Date {
  return account.subscription_updated ?? account.created_at;
}

/**
 * The subscription credits an account receives each period: its plan's, or the free plan's 50 without
 * one. A discontinued plan counts as no plan (docs/product/billing-and-credits.md#flows) but is not the free plan either: such an
 * account receives nothing until it chooses a current plan or cancels.
 */
export function monthlyCreditsOf(account: PlanHolder): number | null {
  if (account.stripe_active && (DISCONTINUED_PLAN_IDS as readonly (string | null)[]).includes(account.stripe_plan)) return null;
  return activePlan(account)?.monthly_credits ?? FREE_PLAN_MONTHLY_CREDITS;
}
