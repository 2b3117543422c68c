import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins/precompress.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The area a module is in: its feature (src/features/store/ is `store`), or its folder under src/app or src/shared
 * (`layouts`, `components`); null outside src/.
 */
const folderOf = (id: string) => /^src[\\/](?:(?:features|app|shared)[\\/])?([\w-]+)[\\/]/.exec(relative(here, id))?.[1] ?? null;

/** A screen's chunk is named after its area, and so is shared code that all comes from one folder. */
function chunkFolder(chunk: { facadeModuleId: string | null; moduleIds: readonly string[] }): string | null {
  if (chunk.facadeModuleId) return folderOf(chunk.facadeModuleId);
  const folders = new Set(chunk.moduleIds.map(folderOf));
  const [only] = folders;
  return folders.size === 1 ? (only ?? null) : null;
}

/**
 * React, the router and the query cache: the shell of every page, in two chunks. Their evaluation is the
 * longest piece of work a page's start does, and the sign-in page evaluates one file per task
 * (public/load-after-paint.js), so two files are two shorter tasks.
 */
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const FRAMEWORK = /node_modules[\\/](react-router|@tanstack[\\/](react-query|query-core)|cookie|set-cookie-parser)[\\/]/;

const OWN_PACKAGE = /[\\/]packages[\\/](domain|certificate)[\\/]src[\\/].*\.ts$/;

/**
 * The sign-in page rendered by the server (src/app/ssr, docs/decisions/0045-web-delivery.md): one self-contained
 * module for Node, with its libraries inside, so the server loads it without resolving the web's packages.
 * Its entry is named by the build script (`vite build --ssr src/app/ssr/sign-in-page.tsx`).
 */
const serverRenderBuild = defineConfig({
  root: here,
  plugins: [react()],
  ssr: { noExternal: true },
  build: {
    outDir: `${here}dist-ssr`,
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'sign-in-page.js' } },
  },
});

const browserBuild = defineConfig({
  root: here,
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    // The API runs beside Vite in development; same-origin paths keep the client free of hosts.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: `${here}dist`,
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which files the sign-in screen needs, for the server to name them in the page
    // it renders (dot-files are not served).
    manifest: true,
    rolldownOptions: {
      // Our packages are plain modules (no import is made for its effect): a barrel import of
      // @laurel/domain then brings only what a chunk uses, not every contract and the layout engine.
      treeshake: { moduleSideEffects: (id) => !OWN_PACKAGE.test(id) },
      output: {
        // Screens load lazily (src/app/router/pages.tsx): a chunk named after its area shows where the split falls.
        chunkFileNames: (chunk) => {
          const folder = chunkFolder(chunk);
          // A feature's index.ts gives its chunk the feature's name: `auth-[hash]`, not `auth-auth-[hash]`.
          if (folder && chunk.name === folder) return `assets/${folder}-[hash].js`;
          return folder ? `assets/${folder}-[name]-[hash].js` : 'assets/[name]-[hash].js';
        },
        // What nearly every screen needs stays in one chunk that outlives releases; every other library
        // goes with the screens that import it (the editor's TipTap, the dashboard's charts...), so a
        // page downloads only its own. See docs/decisions/0045-web-delivery.md.
        advancedChunks: {
          groups: [
            { name: 'react', test: REACT },
            { name: 'framework', test: FRAMEWORK },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderBuild : browserBuild));
