import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Scans what the page shows now against WCAG 2.2 A and AA and fails on any serious or critical
 * violation, naming each rule and the elements it found, so the message says what to mend.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // A dialog or menu that is still fading in has text at part opacity, which axe measures as low contrast:
  // scan what the page settles on, once every finite transition and animation has ended.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  // Sandboxed frames show an email's own HTML as a mail client would, not the app, and run no script:
  // axe cannot enter them and would wait on them for ever.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('iframe[sandbox]')
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `accessibility of ${what}`).toEqual([]);
}
