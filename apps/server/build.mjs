// Bundles the server and the workspace packages it imports as TypeScript (@laurel/*) into
// dist/main.js; every other npm dependency stays external and loads from node_modules. Code that runs on
// worker threads is its own entry beside main.js: the render pool's dist/pool-worker.js (RenderPool's
// default workerUrl), the import worker's dist/import-worker.js (started by src/modules/imports/parse-pool.ts)
// and the embedded database's dist/pglite-thread.js (started by src/db/embedded/index.ts).
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

// The running build's version for /account/updates (src/config/build-info.ts): the root package's
// version, and the commit when this is a git checkout.
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
let commit = null;
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
} catch {
  // No git or no repository (a source archive): the commit stays unknown.
}

await build({
  entryPoints: [
    { in: 'src/main.ts', out: 'main' },
    { in: '../../packages/certificate/src/render/pool-worker.ts', out: 'pool-worker' },
    { in: 'src/modules/imports/parse-worker.ts', out: 'import-worker' },
    { in: 'src/db/embedded/pglite-thread.ts', out: 'pglite-thread' },
    // `npm run files:to-s3`, the one-off copy of DATA_DIR/files into a bucket.
    { in: 'src/storage/files-to-s3.ts', out: 'files-to-s3' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  define: { __LAUREL_BUILD__: JSON.stringify({ version, commit }) },
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@laurel/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});

// The stylesheet every server-rendered page starts from (src/http/server-pages/page-assets.ts), found the same way.
cpSync('src/http/server-pages/server-page-assets', 'dist/server-page-assets', { recursive: true });
// The certificate page's stylesheet and script, beside main.js where the page's module looks for them
// (src/modules/delivery/certificate-page-html.ts).
cpSync('src/modules/delivery/certificate-page-assets', 'dist/certificate-page-assets', { recursive: true });
// The portal sign-in's stylesheet and script (src/modules/portal/login-page.ts), found the same way.
cpSync('src/modules/portal/login-page-assets', 'dist/login-page-assets', { recursive: true });
