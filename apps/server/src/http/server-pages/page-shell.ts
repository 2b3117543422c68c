import { html, type SafeHtml } from './html.ts';
import type { PageAssets } from './page-assets.ts';

export interface PageParts {
  assets: PageAssets;
  /** The page's own head elements: its title, link preview tags, robots rule... */
  head: SafeHtml;
  /** Attributes of <body>, written with a leading space (` style="…"`). */
  bodyAttributes?: SafeHtml;
  /** What the top bar shows: a logo and a name. */
  bar: SafeHtml;
  main: SafeHtml;
  /** After <main>: a footer. */
  after?: SafeHtml | null;
}

/**
 * The document every server-rendered page shares (the certificate page, the portal's sign-in): the
 * app's colours and favicon, one stylesheet and one deferred script of this origin (no inline script),
 * the top bar and the main column.
 */
export function pageShell({ assets, head, bodyAttributes, bar, main, after }: PageParts): string {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#1f7550" />
    ${head}
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="${assets.css}" />
    <script src="${assets.js}" defer></script>
  </head>
  <body${bodyAttributes}>
    <header class="bar"><div class="wrap bar-inner">${bar}</div></header>
    <main class="wrap page">${main}</main>${after}
  </body>
</html>
`.value;
}
