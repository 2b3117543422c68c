import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';
import { startTestLaurel, type TestLaurel } from '../helpers/laurel.ts';

/**
 * The API's contracts hold for every route: each has a documented reply, and the OpenAPI document
 * built from them is one an integrator can use (Redocly's recommended rules pass).
 */

let laurel: TestLaurel;
let doc: OpenApiDocument;
beforeAll(async () => {
  laurel = await startTestLaurel();
  doc = (await new ApiClient(laurel).get('/api/openapi.json')).json();
});
afterAll(async () => {
  await laurel?.close();
});

interface Operation {
  operationId?: string;
  summary?: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** Routes served outside the contracts: the document itself. */
const UNDOCUMENTED = new Set(['GET /api/openapi.json']);

const apiRoutes = () =>
  laurel.app.routeTable
    .filter((route) => route.url.startsWith('/api/'))
    .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ route, method })))
    .filter(({ method }) => method !== 'HEAD');

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('API contracts', () => {
  it('give every API route a reply schema for its success and its failures', () => {
    const missing = apiRoutes()
      .filter(({ route, method }) => !UNDOCUMENTED.has(`${method} ${route.url}`))
      .filter(({ route }) => {
        const response = (route.schema?.response ?? {}) as Record<string, unknown>;
        // A redirect (the browser's return from an OAuth provider) is that call's success.
        const success = Object.keys(response).some((status) => /^[23]\d\d$/.test(status));
        const failure = Object.keys(response).some((status) => /^4\d\d$/.test(status));
        return !success || !failure;
      })
      .map(({ route, method }) => `${method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('document every API route with an operationId, a summary and the content of its reply', () => {
    const problems: string[] = [];
    for (const { route, method } of apiRoutes()) {
      if (UNDOCUMENTED.has(`${method} ${route.url}`)) continue;
      const operation = doc.paths[openApiPath(route.url)]?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${method} ${route.url}: not in the document`);
        continue;
      }
      if (!operation.operationId || !operation.summary) problems.push(`${method} ${route.url}: no operationId or summary`);
      const success = Object.entries(operation.responses).find(([status]) => /^[23]\d\d$/.test(status));
      if (!success?.[1].content || !Object.values(success[1].content).every((media) => media.schema)) {
        problems.push(`${method} ${route.url}: its reply has no schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("pass Redocly's recommended rules with no error and no warning", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'laurel-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const { stdout } = await promisify(execFile)('npx', ['redocly', 'lint', file, '--format=json', '--config', 'redocly.yaml'], {
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      const summary = report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`);
      expect(summary.slice(0, 20)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
