import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startEmbeddedDatabase } from './embedded/index.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;

/**
 * The open database, reached the same way whichever it is: a `pg` pool on PostgreSQL (`DATABASE_URL`)
 * or on the embedded PGlite, which answers the same protocol from its own thread.
 */
export interface Database {
  db: Db;
  pool: pg.Pool;
  connectionString: string;
  close(): Promise<void>;
}

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (`memory://` keeps it in memory,
 * which the tests use). One process owns a PGlite directory: PGlite has no lock between processes.
 * `onFailure` hears of an embedded database that stopped on its own. `snapshot` starts a `memory://`
 * database as a copy of a dumped one (the tests' migrated database; see `startEmbeddedDatabase`).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onFailure?: (error: Error) => void;
  snapshot?: Uint8Array;
}): Promise<Database> {
  // A server that does not answer at all (a host gone, packets dropped) fails the request after 10 s instead of holding it.
  if (options.databaseUrl) return connect(options.databaseUrl, async () => {}, { connectionTimeoutMillis: 10_000 });
  const location = options.dataDir === 'memory://' ? 'memory://' : path.resolve(options.dataDir, 'pgdata');
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  const embedded = await startEmbeddedDatabase(
    location,
    options.onFailure ??
      ((error) => {
        throw error;
      }),
    { snapshot: options.snapshot },
  );
  return connect(embedded.connectionString, embedded.stop);
}

function connect(connectionString: string, stop: () => Promise<void>, options: pg.PoolConfig = {}): Database {
  const pool = new pg.Pool({ connectionString, max: 10, ...options });
  // A dropped idle connection must not take the process down; the pool replaces it.
  pool.on('error', () => {});
  const db: Db = drizzle(pool, { schema });
  return {
    db,
    pool,
    connectionString,
    async close() {
      await pool.end();
      await stop();
    },
  };
}
