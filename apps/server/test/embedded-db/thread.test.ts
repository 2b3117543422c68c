import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../../src/db/embedded/index.ts';

/** PGlite on its thread, reached by `pg` connections as PostgreSQL would be. */
let embedded: EmbeddedDatabase;
let pool: pg.Pool;
const failures: Error[] = [];

beforeAll(async () => {
  embedded = await startEmbeddedDatabase('memory://', (error) => failures.push(error));
  pool = new pg.Pool({ connectionString: embedded.connectionString, max: 8 });
  await pool.query('create table counter (id int primary key, value int not null)');
  await pool.query('insert into counter values (1, 0)');
  // Creating a PGlite cluster takes seconds, more on a busy machine.
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await embedded?.stop();
  expect(failures).toEqual([]);
});

describe('the embedded database thread', () => {
  it('gives each connection its own parameterised results while many run at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => pool.query<{ n: number; t: string }>('select $1::int as n, $2::text as t', [i, `row ${i}`])),
    );
    for (const [i, answer] of answers.entries()) expect(answer.rows).toEqual([{ n: i, t: `row ${i}` }]);
  });

  it('runs a transaction alone: no other connection’s statement lands inside it', async () => {
    const inside = await pool.connect();
    await inside.query('begin');
    await inside.query('update counter set value = value + 1 where id = 1');
    // Another connection's statement waits for the commit instead of seeing (or joining) the open transaction.
    let outsideDone = false;
    const outside = pool.query<{ value: number }>('select value from counter where id = 1').then((r) => {
      outsideDone = true;
      return r.rows[0]!.value;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(outsideDone).toBe(false);
    await inside.query('rollback');
    inside.release();
    expect(await outside).toBe(0);
  });

  it('rolls back what a client left open when it goes away, and serves the others on', async () => {
    const client = new pg.Client({ connectionString: embedded.connectionString });
    await client.connect();
    await client.query('begin');
    await client.query('update counter set value = 99 where id = 1');
    const waiting = pool.query<{ value: number }>('select value from counter where id = 1');
    await client.end();
    expect((await waiting).rows[0]!.value).toBe(0);
  });

  it('answers a failed statement with its error and keeps the connection usable', async () => {
    const client = await pool.connect();
    await expect(client.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    client.release();
  });

  it('starts another database as a copy of a dump, which shares nothing with the original afterwards', async () => {
    await pool.query('update counter set value = 41 where id = 1');
    const snapshot = await embedded.dump();
    const copy = await startEmbeddedDatabase('memory://', (error) => failures.push(error), { snapshot });
    const copyPool = new pg.Pool({ connectionString: copy.connectionString, max: 2 });
    try {
      expect((await copyPool.query('select value from counter where id = 1')).rows).toEqual([{ value: 41 }]);
      await copyPool.query('update counter set value = 1000 where id = 1');
      await pool.query('update counter set value = 42 where id = 1');
      expect((await pool.query('select value from counter where id = 1')).rows).toEqual([{ value: 42 }]);
      expect((await copyPool.query('select value from counter where id = 1')).rows).toEqual([{ value: 1000 }]);
    } finally {
      await copyPool.end();
      await copy.stop();
    }
  });
});
