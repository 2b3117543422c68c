// Bundles the server and the workspace packages it imports as TypeScript (@laurel/*) into
// dist/main.js; every other npm dependency stays external and loads from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
