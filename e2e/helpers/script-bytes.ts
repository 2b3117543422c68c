import type { CDPSession } from 'playwright-core';

/**
 * Counts the script a page downloads as Chromium receives it: the encoded bytes of every script response,
 * headers included (compressed as sent). The session's Network domain must be enabled. One count for the
 * sign-in budget journey and `npm run bench:web`, so both measure the same thing.
 */
export function countScripts(cdp: CDPSession): { files: () => number; bytes: () => number } {
  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) bytes += event.encodedDataLength;
  });
  return { files: () => scripts.size, bytes: () => bytes };
}
