import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

/** The generated migrations sit in apps/server/drizzle, found from the source tree and from the build. */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder (apps/server/drizzle) not found');
}

/** Applies the versioned migrations not yet applied; the same files on PGlite and PostgreSQL. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  // Several processes may start at once on PostgreSQL (API and workers): one migrates, the others wait.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzle(client) as unknown as NodePgDatabase, config);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

const MIGRATION_LOCK = 7_405_001;
