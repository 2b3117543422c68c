/**
 * `npm run bench:check` (issue 42): runs the quick benches, `bench:render` and `bench:send` at BENCH_RECIPIENTS
 * (1,000 unless set), takes the same-run ratios from each one's last key=value line (PDF and PNG against Chromium,
 * the pool against one thread, Laurel's credential signing against the stock suite, a send with credentials against
 * one without), and compares them with the last recorded ones in bench/RESULTS.md. Prints a table and exits 1 when a
 * ratio fell by more than 10% or a recorded one was not printed; 0 otherwise.
 *
 *   npm run bench:check
 *   npm run bench:check -- --record      # also write this run's figures into RESULTS.md (date, commit, machine)
 *   BENCH_RECIPIENTS=300 npm run bench:check
 *
 * Timings move with whatever else the machine runs, so this is not part of `npm test`; record only from a quiet
 * machine.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  type CheckRecord,
  compareRatios,
  describeFailures,
  type Figures,
  failures,
  formatTable,
  historyRow,
  insertHistoryRow,
  lastKeyValueLine,
  parseRecord,
  ratiosOf,
  replaceRecord,
  TOLERANCE,
} from './check-ratios.ts';

const args = process.argv.slice(2);
const record = args.includes('--record');
const unknown = args.filter((arg) => arg !== '--record');
if (unknown.length) {
  console.error(`bench:check takes only --record (npm run bench:check -- --record), not: ${unknown.join(' ')}`);
  process.exit(2);
}

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const rootDir = fileURLToPath(new URL('..', import.meta.url));
const resultsPath = fileURLToPath(new URL('RESULTS.md', import.meta.url));
// Small enough to keep the check quick; the ratio is compared only with one recorded at the same size, since a
// small send's fixed start-up costs weigh on its first round more than on a 10,000 send's.
const sendRecipients = process.env.BENCH_RECIPIENTS ?? '1000';

const runs: { bench: string; script: string; env: Record<string, string>; settings: Record<string, string> }[] = [
  { bench: 'render', script: 'render', env: {}, settings: {} },
  {
    bench: 'send',
    script: 'send',
    env: { BENCH_RECIPIENTS: sendRecipients },
    settings: {
      'send.recipients': sendRecipients,
      ...(process.env.BENCH_WORKERS ? { 'send.workers': process.env.BENCH_WORKERS } : {}),
    },
  },
];

// Read the record before spending minutes on the benches: a malformed RESULTS.md fails at once.
const results = readFileSync(resultsPath, 'utf8');
const recorded = parseRecord(results);

const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { cwd: rootDir, encoding: 'utf8' }).trim();
const head = git('rev-parse', '--short', 'HEAD');
// A record is usually written before its change is committed: it then names the parent commit and says so.
const uncommitted = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)bench/RESULTS.md') !== '';
const commit = uncommitted ? `${head} + uncommitted changes` : head;
const machine = `${availableParallelism()} cores, ${cpus()[0]?.model.trim() ?? 'CPU model unknown'}, Node ${process.version}`;
const loadAtStart = loadavg()[0]!.toFixed(1);
const date = new Date().toISOString().slice(0, 10);

/** Runs one bench's npm script, its output shown as it comes, and returns what it printed on stdout. */
function runBench(script: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: benchDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`bench:${script} exited with ${code}`))));
  });
}

console.log(`bench:check on ${machine}, ${commit}, load average ${loadAtStart} at start`);
const lines: Record<string, { line: string; figures: Figures }> = {};
const settings: Record<string, string> = {};
let ratios: Record<string, number> = {};
for (const run of runs) {
  const env = Object.entries(run.env)
    .map(([key, value]) => `${key}=${value} `)
    .join('');
  console.log(`\n== ${env}npm run bench:${run.script}`);
  const output = await runBench(run.script, run.env).catch((error: Error) => {
    console.error(`${error.message}: nothing to compare.`);
    process.exit(1);
  });
  const summary = lastKeyValueLine(output);
  if (!summary) {
    console.error(`bench:${run.script} printed no key=value line: nothing to compare.`);
    process.exit(1);
  }
  lines[run.bench] = summary;
  Object.assign(settings, run.settings);
  ratios = { ...ratios, ...ratiosOf(run.bench, summary.figures) };
}

const rows = compareRatios(recorded, { settings, ratios });
console.log(
  `\nSame-run ratios against ${recorded ? `the record of ${recorded.date} (${recorded.commit}; ${recorded.machine})` : 'no record (RESULTS.md has no bench-check block)'}:`,
);
console.log(formatTable(rows));
const failed = describeFailures(rows);
if (failed.length) {
  console.log(`\nFell by more than ${TOLERANCE * 100}% or missing:\n${failed.map((line) => `- ${line}`).join('\n')}`);
  console.log(`Load average at start ${loadAtStart}: a busy machine moves these figures; run again on a quiet one before trusting a fall.`);
} else {
  console.log(`\nNo ratio fell by more than ${TOLERANCE * 100}%.`);
}

if (record) {
  const next: CheckRecord = { date, commit, machine, note: `load average ${loadAtStart} at start`, settings, ratios };
  let markdown = replaceRecord(results, next);
  for (const run of runs) {
    const settingsText = Object.entries(run.settings).map(([key, value]) => `${key.slice(key.indexOf('.') + 1)} ${value}`);
    markdown = insertHistoryRow(
      markdown,
      `## bench:${run.bench}`,
      historyRow({
        date,
        commit,
        machine,
        figures: lines[run.bench]!.line,
        notes: [`\`npm run bench:check -- --record\``, ...settingsText, `load average ${loadAtStart} at start`].join('; '),
      }),
    );
  }
  writeFileSync(resultsPath, markdown);
  console.log(`Recorded in ${resultsPath}${failed.length ? ' (with the falls above)' : ''}.`);
}

process.exit(failures(rows).length ? 1 : 0);
