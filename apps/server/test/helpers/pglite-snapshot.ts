import { openDatabase } from '../../src/db/client.ts';
import { startEmbeddedDatabase } from '../../src/db/embedded/index.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';

let pgliteSnapshot: Promise<Uint8Array> | undefined;

/**
 * A migrated, otherwise empty embedded database, made once per test worker (files in a worker share
 * modules): creating a PGlite cluster costs seconds, loading a copy of one a fraction of that. Every file
 * (and every browser journey's server) still gets its own database, loaded from these bytes, which nothing
 * writes to.
 */
export function migratedPgliteSnapshot(): Promise<Uint8Array> {
  pgliteSnapshot ??= (async () => {
    const embedded = await startEmbeddedDatabase('memory://', (error) => {
      throw error;
    });
    try {
      const database = await openDatabase({ databaseUrl: embedded.connectionString, dataDir: 'memory://' });
      try {
        await migrateDatabase(database);
      } finally {
        await database.close();
      }
      return await embedded.dump();
    } finally {
      await embedded.stop();
    }
  })();
  return pgliteSnapshot;
}
