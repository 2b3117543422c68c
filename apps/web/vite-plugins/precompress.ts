import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import type { Plugin, Rollup } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server sends as it is; images, fonts (woff2 is compressed already) and archives gain nothing. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/i;
/** Below this a compressed file saves less than a round of headers costs. */
const MIN_BYTES = 1024;
/**
 * Zopfli's passes over the first files of every visit. Its gzip is some 3% smaller than zlib's best, and
 * gzip is what browsers take over plain HTTP; one pass gains nearly all of what fifteen do, at a fraction
 * of the time. The rest of the build keeps zlib: zopfli over all of it would add a minute to every build.
 */
const ZOPFLI_ITERATIONS = 1;

/** The files every page loads before anything else: each entry chunk, what it imports statically, and their CSS. */
function firstLoadFiles(bundle: Rollup.OutputBundle): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
  return files;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite/ holds the build's manifest, read by the server and never sent.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build, once, at the highest
 * levels: the server hands them out as they are (@fastify/static `preCompressed`) instead of
 * compressing each reply again, which brotli at level 11 would be far too slow for.
 */
export function precompress(): Plugin {
  let outDir = '';
  let firstLoad = new Set<string>();
  return {
    name: 'laurel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      firstLoad = new Set([...firstLoadFiles(bundle)].map((fileName) => path.join(outDir, fileName)));
    },
    async closeBundle() {
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          firstLoad.has(file)
            ? zopfliGzip(content, { numiterations: ZOPFLI_ITERATIONS })
            : gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      }
    },
  };
}
