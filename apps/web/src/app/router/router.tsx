import { createBrowserRouter, matchRoutes } from 'react-router';
import { PAGES } from './pages.tsx';
import { routes } from './routes.tsx';

/** The app's router in the browser; the server renders the same routes with a static router (src/ssr). */
export const router = createBrowserRouter(routes);

/** The screen the app opens at, if it is one of PAGES. */
export function firstScreen() {
  const path = matchRoutes(routes, window.location)?.at(-1)?.route.path;
  return path && path in PAGES ? PAGES[path as keyof typeof PAGES].Page : null;
}

// The code of the screen the app opens at loads beside the check of who is signed in, not after it.
// A failed load is left to the screen itself, which reports it through the route's error page.
firstScreen()
  ?.preload()
  .catch(() => undefined);
