import type { AppConfig } from '@laurel/domain';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { seedSignedOutVisit } from '../../shared/session/seed.ts';
import { App } from '../App.tsx';
import { PAGES } from '../router/pages.tsx';
import { routes } from '../router/routes.tsx';

/**
 * The sign-in page as HTML, for the server to send before the script arrives (docs/decisions/0045-web-delivery.md): the same providers, routes and screen the browser renders for a visitor nobody signed in as,
 * so that the browser takes the markup over (hydrates it) instead of drawing it again. Built by
 * `vite build --ssr` into dist-ssr/ and called by the server (apps/server/src/http/sign-in-page.ts).
 */
export async function renderSignInPage(url: string, config: AppConfig): Promise<string> {
  // The screen is loaded before rendering, as the browser loads it before hydrating: both render it
  // directly, with no Suspense boundary falling back on either side.
  await PAGES['/login'].Page.preload();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`The sign-in route answered ${context.status}`);
  const client = new QueryClient();
  seedSignedOutVisit(client, config);
  return renderToString(
    <StrictMode>
      <App client={client}>
        {/* No hydration data script: the page carries no inline script (CSP), and these routes have no loaders. */}
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </App>
    </StrictMode>,
  );
}
