import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The open database: PGlite (embedded default) or a PostgreSQL pool (`DATABASE_URL`). */
export type Database =
  | { kind: 'pglite'; db: Db; pglite: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; connectionString: string; close(): Promise<void> };

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir` (`memory://` keeps it in memory,
 * which the tests use). One process owns a PGlite directory: PGlite has no lock between processes.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A dropped idle connection must not take the process down; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, pool, connectionString: options.databaseUrl, close: () => pool.end() };
  }
  const location = options.dataDir === 'memory://' ? 'memory://' : path.resolve(options.dataDir, 'pgdata');
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  const pglite = await PGlite.create(location);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
}
