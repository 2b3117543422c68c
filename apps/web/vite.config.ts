import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The folder under src/ a module is in (its area, as `store`), or null outside src/. */
const folderOf = (id: string) => /^src[\\/]([\w-]+)[\\/]/.exec(relative(here, id))?.[1] ?? null;

/** A screen's chunk is named after its area, and so is shared code that all comes from one folder. */
function chunkFolder(chunk: { facadeModuleId: string | null; moduleIds: readonly string[] }): string | null {
  if (chunk.facadeModuleId) return folderOf(chunk.facadeModuleId);
  const folders = new Set(chunk.moduleIds.map(folderOf));
  const [only] = folders;
  return folders.size === 1 ? (only ?? null) : null;
}

export default defineConfig({
  root: here,
  plugins: [react()],
  server: {
    port: 5173,
    // The API runs beside Vite in development; same-origin paths keep the client free of hosts.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: `${here}dist`,
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Screens load lazily (src/router/pages.tsx): a chunk named after its area shows where the split falls.
        chunkFileNames: (chunk) => {
          const folder = chunkFolder(chunk);
          return folder ? `assets/${folder}-[name]-[hash].js` : 'assets/[name]-[hash].js';
        },
        // Libraries change less often than the app: a separate chunk stays cached across releases.
        advancedChunks: {
          groups: [
            { name: 'mantine', test: /node_modules[\\/]@mantine/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
