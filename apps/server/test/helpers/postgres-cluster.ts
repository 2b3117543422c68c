import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

/**
 * Gives the PostgreSQL API tests a server: DATABASE_URL when set, else a throwaway cluster started
 * from the machine's PostgreSQL binaries. The migrations run once, into a template database; each test
 * file then creates its own database as a copy of it (a file copy, not a migration run).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The migrated database each file's database is created from (`create database ... template`). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = process.env.DATABASE_URL ? undefined : await startThrowawayPostgres();
  const adminUrl = cluster?.url ?? process.env.DATABASE_URL!;
  // A name of its own: runs that share a DATABASE_URL server do not share a template.
  const template = `laurel_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  try {
    await migrateDatabase(database);
  } finally {
    // A template may not be copied while anyone is connected to it.
    await database.close();
  }
  project.provide('postgresUrl', adminUrl);
  project.provide('postgresTemplate', template);
  return async () => {
    if (cluster) await cluster.stop();
    else await adminQuery(adminUrl, `drop database if exists ${template}`);
  };
}

async function adminQuery(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
