import { lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { rateCounters } from '../db/schema.ts';

/**
 * Fixed-window request counters in the database, so that a limit holds however many API processes
 * answer behind a balancer: the hits of one window, counted on one of them, count on all.
 */

export interface WindowCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

/** Counts one hit for `key` in a window of `windowMs`, in one statement, and reads the window back. */
export async function countHit(db: Db, key: string, windowMs: number, now: number): Promise<WindowCount> {
  const expired = sql`${rateCounters.window_start} + ${rateCounters.window_ms} <= ${now}`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key, window_start: now, window_ms: windowMs, hits: 1 })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateCounters.hits} + 1 end`,
        window_start: sql`case when ${expired} then ${now}::bigint else ${rateCounters.window_start} end`,
        window_ms: windowMs,
      },
    })
    .returning({ hits: rateCounters.hits, window_start: rateCounters.window_start });
  return { hits: row!.hits, resetMs: Math.max(0, row!.window_start + windowMs - now) };
}

/** Removes windows that have ended; counters of addresses never seen again would otherwise stay. */
export async function forgetEndedWindows(db: Db, now: number): Promise<void> {
  await db.delete(rateCounters).where(lt(sql`${rateCounters.window_start} + ${rateCounters.window_ms}`, now));
}

/** One sweep of ended windows per this many hits counted by a process. */
const SWEEP_EVERY = 1_000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The `@fastify/rate-limit` store on these counters (its default store is the process's memory).
 * The plugin builds the store itself, so this returns a class bound to the database; each route's
 * child keys its counters by method and URL, as the plugin's Redis store does.
 */
export function sharedRateLimitStore(db: Db, clock: Clock) {
  let sinceSweep = 0;
  return class SharedRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'route:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock.now().getTime();
      if (++sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0;
        void forgetEndedWindows(db, now).catch(() => {});
      }
      countHit(db, this.prefix + key, timeWindow, now).then(
        (count) => callback(null, { current: count.hits, ttl: count.resetMs }),
        (error: Error) => callback(error),
      );
    }

    // Typed by the plugin as the route's options; what it passes carries `routeInfo` (its Redis store reads it too).
    child(routeOptions: object): SharedRateLimitStore {
      const { routeInfo } = routeOptions as { routeInfo: { method: string; url: string } };
      return new SharedRateLimitStore(undefined, `${this.prefix}${routeInfo.method} ${routeInfo.url}:`);
    }
  };
}
