import { importedList } from '@laurel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, registerConfirmedAdmin } from '../helpers/api.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';
import { workbook } from '../helpers/workbook.ts';

/** Timed, so it runs alone: the `latency` project runs after the other suites (scripts/test.mjs). */
describe('a large workbook import, for everyone else', () => {
  let laurel: TestLaurel;
  let client: ApiClient;
  beforeAll(async () => {
    laurel = await startTestLaurel();
    client = (await registerConfirmedAdmin(laurel)).client;
  });
  afterAll(async () => {
    await laurel?.close();
  });

  it('keeps answering other requests while the workbook is read', async () => {
    // 20,000 rows of 25 columns: read on the main thread, this held every request for seconds.
    const rows = 20_000;
    // Accented names with long cells, so that characters fall across the reader's chunk boundaries.
    const bytes = await workbook(rows, 25, (r, c) =>
      c === 0 ? `Zoë Ñúñez-Åström ${r}` : c === 1 ? `zoe${r}@example.com` : `value ${(r * 31 + c) % 997}`,
    );
    let importing = true;
    const upload = client.upload('/api/recipients/import-list', [{ name: 'file', value: bytes, filename: 'big.xlsx' }]).finally(() => {
      importing = false;
    });

    // A reply is timed from the moment its request was due, so time the event loop spent blocked counts.
    const latencies: number[] = [];
    let due = performance.now();
    while (importing) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const health = await client.get('/api/health');
      expect(health.statusCode).toBe(200);
      latencies.push(performance.now() - due);
      due = Math.max(due + 50, performance.now());
    }
    const response = await upload;
    expect(response.statusCode).toBe(200);
    // Sent as the worker serialised it: still the contract's shape.
    const { data, headers } = importedList.parse(response.json());
    expect(headers.slice(0, 3)).toEqual(['Name', 'Email', 'Field 3']);
    expect(data).toHaveLength(rows);
    expect(data.every((row, r) => row[0] === `Zoë Ñúñez-Åström ${r}`)).toBe(true);
    expect(data[rows - 1]![24]).toBe(`value ${((rows - 1) * 31 + 24) % 997}`);

    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(200);
  });
});
