// `npm test`: checks format, lint, the paths and headings that docs and comments name, and import boundaries,
// type-checks every workspace, builds what the browser tests serve, then runs every test project in one vitest run
// (unit, API on PGlite, API on PostgreSQL, browser). Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor !== 22 && nodeMajor !== 24) {
  console.error(
    `Laurel runs on Node.js 22 or 24; this is ${process.version}. See the README (Run it) for getting Node 22 from the npm registry.`,
  );
  process.exit(1);
}

const missing = [];
if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) missing.push('chromium (apt-get install -y chromium)');
if (!process.env.DATABASE_URL && !existsSync('/usr/lib/postgresql'))
  missing.push('PostgreSQL binaries (apt-get install -y postgresql) or DATABASE_URL');
for (const tool of ['qpdf', 'pdftoppm']) {
  if (spawnSync('which', [tool]).status !== 0) missing.push(`${tool} (apt-get install -y qpdf poppler-utils)`);
}
if (missing.length) {
  console.error(`The tests need: ${missing.join('; ')}. .ci/run installs them on a fresh machine.`);
  process.exit(1);
}

run('npm', ['run', 'lint']);
run('node', ['scripts/check-doc-links.mjs']);
run('npm', ['run', 'check:boundaries']);
run('npm', ['run', 'typecheck']);
run('npm', ['run', 'build']);
const filters = process.argv.slice(2);
if (filters.length) run('npx', ['vitest', 'run', ...filters]);
else {
  // Two files at a time even on two cores (vitest would take one): most of a test's time is spent waiting
  // on PostgreSQL, SMTP or Chromium in other processes.
  // The latency project times answers while the server works, so it runs alone, once the rest is done.
  run('npx', [
    'vitest',
    'run',
    '--maxWorkers=2',
    '--project',
    'unit',
    '--project',
    'api-pglite',
    '--project',
    'api-postgres',
    '--project',
    'e2e',
  ]);
  run('npx', ['vitest', 'run', '--project', 'latency']);
}
