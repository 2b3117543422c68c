import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/fraunces/wght.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import '../shared/theme/global.css';
import { type AppConfig, SSO_HANDOVER_FRAGMENT } from '@laurel/domain';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { config as zodConfig } from 'zod';
import { queryClient } from '../shared/api/query-client.ts';
import { getToken } from '../shared/api/token.ts';
import { seedSignedOutVisit } from '../shared/session/seed.ts';
import { App } from './App.tsx';
import { firstScreen, router } from './router/router.tsx';

// The page's Content-Security-Policy allows no eval: zod would probe for it (and the browser report the
// refusal) before its first object check, so it is told to validate without generated code.
zodConfig({ jitless: true });

/** The id of the JSON block a page rendered by the server carries (apps/server/src/http/sign-in-page.ts). */
const PAGE_CONFIG_ID = 'laurel-config';

function pageConfig(): AppConfig | null {
  const block = document.getElementById(PAGE_CONFIG_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as AppConfig;
  } catch {
    return null;
  }
}

/**
 * The server rendered the sign-in page for a visitor nobody signed in as. The browser takes its markup
 * over only when that is who is here: a stored session goes on to its landing page, and a finished single
 * sign-on shows its own progress, so both draw afresh over it.
 */
function canTakeOver(container: HTMLElement, config: AppConfig | null): config is AppConfig {
  const ssoHandover = new URLSearchParams(window.location.hash.slice(1)).has(SSO_HANDOVER_FRAGMENT);
  return config !== null && container.hasChildNodes() && !getToken() && !ssoHandover;
}

async function start(container: HTMLElement) {
  const app = (
    <StrictMode>
      <App client={queryClient}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  const config = pageConfig();
  if (!canTakeOver(container, config)) {
    createRoot(container).render(app);
    return;
  }
  seedSignedOutVisit(queryClient, config);
  try {
    // Hydration must render what the server did, the screen itself rather than its loading fallback.
    await firstScreen()?.preload();
  } catch {
    createRoot(container).render(app);
    return;
  }
  // As a transition, the taking over is done in slices that let a tap or a keystroke in between.
  startTransition(() => {
    hydrateRoot(container, app, {
      // React recovers from a difference by rendering the page afresh; the console says so, for tests and
      // for whoever changes a screen the server renders.
      onRecoverableError: (error) => console.error('The server-rendered page could not be hydrated:', error),
    });
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void start(container);
