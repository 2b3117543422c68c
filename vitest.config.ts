import { defineConfig } from 'vitest/config';

/**
 * One runner for every layer: shared rules (unit), the API on PGlite and on a real PostgreSQL, the
 * latency checks, and the browser tests in Debian's Chromium. `npm test` runs them all.
 */
/**
 * The server's module graph takes seconds to load. Test files of a project share each worker's loaded
 * modules (`isolate: false`) instead of loading it again per file: every file still starts its own Laurel
 * on its own database, and server state lives in that Laurel (its context), never in a module.
 */
const shared = { isolate: false } as const;

/** The API files that also run on PGlite (paths under apps/server/test, without `.test.ts`). */
const PGLITE_API_FILES = [
  'contracts/openapi',
  'contracts/public-api-openapi',
  // sending: the queue, batches, retries, rates
  'mail',
  'delivery',
  'delivery-message',
  'resend',
  'send-chunks',
  'send-select',
  'send-rate',
  'send-credits-request',
  // the outbox holds certificate emails on the embedded default, PGlite: its pages are read along their indexes there
  'admin-outbox',
  // bulk writes and long jobs
  'imports',
  'project-import',
  'import-limits',
  'exports',
  'print-pdfs',
  'uploads',
  // triggers, counters, search
  'projects',
  'project-counters',
  'certificates',
  'store-recipients',
  'dashboard',
  'verification',
  // money, idempotency, outboxes, cascades, a first start
  'credits',
  'credit-refills',
  'public-api',
  'webhooks',
  'account-deletion',
  'seed',
  'first-run',
  // a real send that signs credentials and embeds them in PDFs
  'open-badges-files',
  // a send refused inside its transaction for a lapsed expiry; corrections as versions; issued-file digests
  'open-badges-dates',
  'certificate-corrections',
  'verify-documents',
  // idempotency rows released on a refused request
  'public-api-row-errors',
  // plan changes, refunds and disputes against the ledger
  'stripe-plan-changes',
  'stripe-refunds',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          ...shared,
          // Email composition needs no database: it runs once here rather than once per database.
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/web/test/**/*.test.ts',
            'apps/server/test/certificate-email/**/*.test.ts',
            // The embedded database's thread and protocol: PGlite itself, no server.
            'apps/server/test/embedded-db/**/*.test.ts',
            // The address guard: DNS and address ranges, no server.
            'apps/server/test/net/**/*.test.ts',
            // bench:check's parsing and comparison of recorded figures (runs no bench).
            'bench/test/**/*.test.ts',
          ],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          ...shared,
          // Every API file runs on PostgreSQL (production's database). On the embedded default run the contracts
          // and the files that lean on the database layer hardest: the queue and sends, bulk imports, long jobs,
          // triggers and counters, the credit ledger, idempotency and outboxes, cascading deletes, a first start.
          // The rest (access rules, settings screens, sign-in) asks the same SQL of either. See docs/decisions/0048-which-api-tests-run-on-which-database.md.
          include: [...PGLITE_API_FILES].map((file) => `apps/server/test/${file}.test.ts`),
          env: { LAUREL_TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          ...shared,
          include: ['apps/server/test/**/*.test.ts'],
          // The contracts are the same on either database: they are checked once, on PGlite.
          exclude: [
            'apps/server/test/certificate-email/**',
            'apps/server/test/embedded-db/**',
            'apps/server/test/net/**',
            'apps/server/test/contracts/**',
            'apps/server/test/latency/**',
          ],
          env: { LAUREL_TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/helpers/postgres-cluster.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Tests that time the server's answers while it works: run alone, after the rest (scripts/test.mjs),
          // so that no other file's work is measured with them. On the embedded default, where it matters most.
          name: 'latency',
          include: ['apps/server/test/latency/**/*.test.ts'],
          env: { LAUREL_TEST_DB: 'pglite' },
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          ...shared,
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A screen answers within a second alone, not always beside another journey and the API files.
          expect: { poll: { timeout: 10_000 } },
          // Journeys run beside the other files, two at a time: each has its own server, database and browser,
          // and most of a journey's time is spent waiting on Chromium.
        },
      },
    ],
  },
});
