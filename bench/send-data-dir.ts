/**
 * Prepares the data folder `bench:send` shares between its sends, in a process of its own: a Laurel started on a new
 * folder draws the seeded backgrounds' print variants once, beside its work (`ensurePrintBackgrounds`), about twenty
 * seconds of one core and a few hundred megabytes of native memory that the allocator keeps. That is a fresh
 * install's first start, not a send: done here, it weighs on neither the measured sends' rate nor the bench process's
 * memory, and every send starts, as on a server that has been up a while, with its files in place.
 *
 *   tsx send-data-dir.ts <DATABASE_URL> <DATA_DIR>
 */
import { parseEnv } from '../apps/server/src/config/env.ts';
import { backgroundKey } from '../apps/server/src/seed/background-files.ts';
import { BACKGROUNDS } from '../apps/server/src/seed/index.ts';
import { startLaurel } from '../apps/server/src/server.ts';
import { printVariantKey } from '../apps/server/src/storage/print-variant.ts';

const [databaseUrl, dataDir] = process.argv.slice(2);
const laurel = await startLaurel(
  parseEnv({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://laurel.bench',
    BASE_DOMAIN: 'laurel.bench',
    LOG_LEVEL: 'error',
    WORKERS: '0',
  }),
);
await laurel.app.ready();
const printKeys = BACKGROUNDS.map((art) => printVariantKey(backgroundKey(art.slug)));
const deadline = performance.now() + 300_000;
for (;;) {
  const present = await Promise.all(printKeys.map((key) => laurel.context.files.exists(key)));
  if (present.every(Boolean)) break;
  if (performance.now() > deadline) throw new Error('the print backgrounds were not drawn within 5 minutes');
  await new Promise((r) => setTimeout(r, 250));
}
// The last file seen may still be being written: it is one write of under a megabyte.
await new Promise((r) => setTimeout(r, 1000));
await laurel.close();
