import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, kept off the closed network; never a downloaded browser. `args` adds flags (host mapping). */
export function launchBrowser(args: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
}

const SHOTS = path.resolve('e2e/artifacts');

/**
 * Keeps a screenshot of what the user saw, for looking at after the run: the whole page, or only the
 * viewport where a drawer or dialog sits on it.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // Dialogs and toasts fade in: wait for finite animations to end so the picture shows what the user
  // sees a moment later. Looping ones (loaders, a sending bar) never end, and a picture is no assertion,
  // so after two seconds it is taken as it is.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: options.fullPage ?? true });
}
