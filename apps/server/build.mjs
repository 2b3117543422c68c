// Bundles the server and the workspace packages it imports as TypeScript (@laurel/*) into
// dist/main.js; every other npm dependency stays external and loads from node_modules.
// The render pool's worker thread is its own entry, dist/pool-worker.js: the pool bundled into
// main.js starts the worker file beside it (RenderPool's default workerUrl).
import { build } from 'esbuild';

await build({
  entryPoints: [
    { in: 'src/main.ts', out: 'main' },
    { in: '../../packages/certificate/src/render/pool-worker.ts', out: 'pool-worker' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@laurel/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
