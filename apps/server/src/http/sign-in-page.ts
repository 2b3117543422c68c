import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppConfig } from '@laurel/domain';
import type { FastifyBaseLogger } from 'fastify';

/** The render function of the web's server build (apps/web/src/app/ssr/sign-in-page.tsx). */
type RenderSignInPage = (url: string, config: AppConfig) => Promise<string>;

/** Vite's build manifest (dist/.vite/manifest.json), as far as it is read here. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The sign-in screen's module, as the manifest names it. */
const SIGN_IN_SCREEN = 'src/features/auth/LoginPage.tsx';

/** The id of the JSON block the browser reads the configuration from (apps/web/src/app/main.tsx). */
const CONFIG_BLOCK_ID = 'laurel-config';

/** The id of the JSON block naming the app's files, which the page's script loads after the first paint. */
const FILES_BLOCK_ID = 'laurel-app-files';

/** That script (apps/web/public/load-after-paint.js). */
const LOADER_SCRIPT = '/load-after-paint.js';

/** The entry script and the module preloads Vite wrote into index.html. */
const ENTRY_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

/** Pages kept rendered: one per configuration seen, which on the app's own host is one. */
const MAX_CACHED = 8;

/** JSON for inside a <script> element: `<` escaped, so no value can close the element. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The script files of the app's entry (the manifest's `index.html`) and the sign-in screen, every file after
 * the files it imports, and their stylesheets. In that order the page's script evaluates one file per task:
 * importing a file whose imports are all evaluated evaluates that file alone.
 */
function filesInLoadOrder(manifest: Manifest): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
  };
  visit('index.html');
  visit(SIGN_IN_SCREEN);
  return { scripts, styles: [...styles] };
}

export type SignInPage = (config: AppConfig) => Promise<string | null>;

/**
 * The sign-in page (`/login`) as the server sends it: the app's index.html with the screen already in it,
 * rendered by the web's server build, its styles in the head, its scripts listed for loading after the first
 * paint, and the configuration the screen was rendered with, so that the browser shows the form before its
 * script has arrived and then takes the markup over (docs/decisions/0045-web-delivery.md). Null when the web was built without its server
 * build; a page that fails to render is logged and answered with null, and the caller sends index.html.
 */
export function loadSignInPage(webDist: string, indexHtml: string, log: FastifyBaseLogger): SignInPage | null {
  const modulePath = path.join(webDist, '..', 'dist-ssr', 'sign-in-page.js');
  const manifestPath = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(modulePath) || !existsSync(manifestPath)) return null;
  // Loaded with the first sign-in page asked for, not at start: a worker-only process never needs it.
  let renderer: Promise<RenderSignInPage> | undefined;
  const renderSignInPage: RenderSignInPage = async (url, config) => {
    renderer ??= import(pathToFileURL(modulePath).href).then((module: { renderSignInPage: RenderSignInPage }) => module.renderSignInPage);
    return (await renderer)(url, config);
  };
  const { scripts, styles } = filesInLoadOrder(JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest);
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  if (!entry) return null;
  // Scripts wait for the first paint: fetched at once, they would share the link with the page's styles
  // and fonts, and the form would show later. So index.html's script and preloads become a list the
  // page's one small script reads after painting; the screen's styles stay in the head.
  const preload = scripts.map((file) => `/${file}`);
  const styleLinks = styles
    .filter((file) => !indexHtml.includes(`"/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('');
  const head = `${styleLinks}<script type="application/json" id="${FILES_BLOCK_ID}">${scriptSafeJson({ entry, preload })}</script><script type="module" src="${LOADER_SCRIPT}"></script>`;
  const shell = indexHtml
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('<title>Laurel</title>', '<title>Sign in · Laurel</title>');

  const cache = new Map<string, Promise<string | null>>();
  const render = async (config: AppConfig): Promise<string | null> => {
    try {
      const markup = await renderSignInPage(`${config.public_url}/login`, config);
      return shell
        .replace('</head>', `${head}</head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root">${markup}</div><script type="application/json" id="${CONFIG_BLOCK_ID}">${scriptSafeJson(config)}</script>`,
        );
    } catch (error) {
      log.error({ err: error }, 'The sign-in page could not be rendered; index.html is sent instead');
      return null;
    }
  };

  return (config) => {
    // The year is in the page's footer.
    const key = `${new Date().getFullYear()} ${JSON.stringify(config)}`;
    let page = cache.get(key);
    if (!page) {
      if (cache.size >= MAX_CACHED) cache.clear();
      page = render(config);
      cache.set(key, page);
    }
    return page;
  };
}
