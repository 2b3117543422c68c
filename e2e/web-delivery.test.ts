import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser.ts';
import { createIssuer, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

const journey = useJourney();

/** Every Content-Security-Policy refusal the browser reports on the page's console. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|evaluate|connect|frame)/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

describe('the app under its Content-Security-Policy', () => {
  it('signs in, draws a certificate in the builder and edits its email without a single refusal', async () => {
    const email = `csp.${Date.now()}@example.com`;
    const { sets } = await createIssuer(journey.server, {
      email,
      account: { name: 'Harbour School', url: `harbour${Date.now()}`, allowed_sets: 5 },
      sets: ['Coastal Navigation'],
    });
    const page = await signIn(journey.browser, journey.server, email);
    const refused = cspViolations(page);

    const response = await page.goto(`${journey.server.baseUrl}/dashboard`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: /^Good (morning|afternoon|evening)/ }).waitFor();
    await screenshot(page, 'web-delivery-dashboard');

    // The builder lays the design out in the page with its fonts (fontkit) and draws it on its canvas.
    await page.goto(`${journey.server.baseUrl}/build/${sets[0]!.id}`);
    const canvas = page.getByTestId('certificate-canvas');
    await expect.poll(() => canvas.locator('span').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'web-delivery-builder');

    await page.goto(`${journey.server.baseUrl}/build/${sets[0]!.id}/email`);
    await page.getByRole('heading', { name: 'Coastal Navigation' }).waitFor();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Your certificate');
    await screenshot(page, 'web-delivery-email-editor');

    expect(refused).toEqual([]);
    const scripts = await page.evaluate(() => Array.from(document.scripts, (script) => script.src || script.textContent?.trim()));
    expect(scripts.every((source) => source?.startsWith(`${journey.server.baseUrl}/assets/`))).toBe(true);
  });
});
