/**
 * The load driver, run as a process of its own (`child_process.fork`) so that its timers and
 * fetches do not share a CPU thread with the bench's SMTP sink. Open loop: request n is due at
 * start + n × interval whatever the earlier ones did, and is timed from when it was due, so a
 * server that stalls shows as latency rather than as fewer requests.
 *
 * Started by a `LoadPlan` message, it answers `ready` when it begins; a `stop` message ends it, and
 * it answers with a `LoadResult`.
 */
export interface LoadPlan {
  url: string;
  token: string;
  perSecond: number;
  /** Requests taken in turn: the health check, the store list (signed in), a certificate page. */
  targets: { path: string; signedIn: boolean }[];
}

export interface LoadResult {
  requests: number;
  errors: number;
  p99Ms: number;
  maxMs: number;
  /** The worst request of each path. */
  maxByPath: Record<string, number>;
  /** When the worst request was due, in seconds after the load began. */
  worstDueS: number;
}

const latencies: number[] = [];
const maxByPath: Record<string, number> = {};
const inFlight = new Set<Promise<void>>();
let errors = 0;
let stopping = false;
let began = 0;
let worst = { ms: 0, dueS: 0 };

/** A request still unanswered after this long counts as failed, so that a swamped server still ends the run. */
const GIVE_UP_MS = 30_000;

function get(plan: LoadPlan, target: LoadPlan['targets'][number]): Promise<Response> {
  return fetch(`${plan.url}${target.path}`, {
    headers: target.signedIn ? { authentication: plan.token } : {},
    signal: AbortSignal.timeout(GIVE_UP_MS),
  });
}

async function request(plan: LoadPlan, target: LoadPlan['targets'][number], due: number): Promise<void> {
  try {
    const response = await get(plan, target);
    await response.arrayBuffer();
    if (response.status >= 400) errors++;
  } catch {
    errors++;
  }
  const ms = performance.now() - due;
  latencies.push(ms);
  maxByPath[target.path] = Math.max(maxByPath[target.path] ?? 0, ms);
  if (ms > worst.ms) worst = { ms, dueS: (due - began) / 1000 };
}

function drive(plan: LoadPlan): void {
  const interval = 1000 / plan.perSecond;
  const start = performance.now();
  began = start;
  let n = 0;
  const tick = () => {
    if (stopping) return;
    // Every request that has come due since the last tick goes now, timed from its due moment.
    while (start + n * interval <= performance.now()) {
      const due = start + n * interval;
      const sent = request(plan, plan.targets[n % plan.targets.length]!, due);
      inFlight.add(sent);
      void sent.finally(() => inFlight.delete(sent));
      n++;
    }
    setTimeout(tick, Math.max(0, start + n * interval - performance.now()));
  };
  tick();
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
}

process.on('message', async (message: LoadPlan | 'stop') => {
  if (message !== 'stop') {
    // One untimed request per path first, so that loading fetch and opening connections are not measured.
    for (const target of message.targets) await (await get(message, target)).arrayBuffer();
    process.send!('ready');
    return drive(message);
  }
  stopping = true;
  // Requests still waiting count too: their latency is what a stalled server costs.
  await Promise.all(inFlight);
  const sorted = [...latencies].sort((a, b) => a - b);
  const result: LoadResult = {
    requests: sorted.length,
    errors,
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? 0,
    maxByPath,
    worstDueS: worst.dueS,
  };
  process.send!(result, () => process.exit(0));
});
