import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { type RunningLaurel, type ServerOptions, startServer } from './server.ts';

export interface Journey {
  server: RunningLaurel;
  browser: Browser;
}

/**
 * What every journey starts from: its own Laurel and a Chromium, started together before the file's
 * tests and closed after them. The returned object is filled in before the first test runs: read
 * `journey.server` and `journey.browser` inside tests and hooks, not at the top of the file.
 * `browserArgs` adds Chromium flags (host mapping).
 */
export function useJourney(options: ServerOptions & { browserArgs?: string[] } = {}): Journey {
  const { browserArgs, ...serverOptions } = options;
  const journey = {} as Partial<Journey>;
  beforeAll(async () => {
    // Neither waits on the other: the server loads its database while Chromium starts.
    const [server, browser] = await Promise.allSettled([startServer(serverOptions), launchBrowser(browserArgs)]);
    if (server.status === 'fulfilled') journey.server = server.value;
    if (browser.status === 'fulfilled') journey.browser = browser.value;
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey as Journey;
}
