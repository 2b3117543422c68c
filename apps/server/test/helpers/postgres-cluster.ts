import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

/**
 * Gives the PostgreSQL API tests a server: DATABASE_URL when set, else a throwaway cluster started
 * from the machine's PostgreSQL binaries. Each test file then creates its own database in it.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide('postgresUrl', process.env.DATABASE_URL);
    return () => {};
  }
  const cluster = await startThrowawayPostgres();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
