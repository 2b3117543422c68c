import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Opt-in (LOOP_DELAY_LOG_MS): prints the event loop's worst delay of each period as
 * `loop_delay_max_ms=N`, so a benchmark can see from outside how long requests could not be
 * served. Written to stdout directly, whatever LOG_LEVEL says, since it is asked for explicitly.
 */
export function logLoopDelay(everyMs: number): () => void {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const timer = setInterval(() => {
    console.log(`loop_delay_max_ms=${Math.round(histogram.max / 1e6)}`);
    histogram.reset();
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    histogram.disable();
  };
}
