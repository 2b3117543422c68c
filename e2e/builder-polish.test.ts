import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accounts } from '../apps/server/src/db/schema.ts';
import { screenshot } from './helpers/browser.ts';
import { CERTIFICATE_ELEMENTS, PASSWORD } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

const journey = useJourney({ smtp: true });

const token = (page: Page) => page.evaluate(() => localStorage.getItem('laurel.token') ?? '');

/** A heading at a size the size list does not have (templates use such sizes), then the name and the course. */
const ELEMENTS = CERTIFICATE_ELEMENTS.map((e, i) => (i === 0 ? { ...e, styles: { ...e.styles, 'font-size': '33px' } } : e));

async function box(locator: Locator) {
  const b = (await locator.boundingBox())!;
  return { left: b.x, top: b.y, right: b.x + b.width, bottom: b.y + b.height };
}

let page: Page;
let setId: number;

describe('the first run and the builder, as a new customer meets them', () => {
  it('asks for the terms once and lands signed in on the dashboard when the password is set', async () => {
    page = await (await journey.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const email = `mina.${Date.now()}@example.com`;
    await page.goto(`${journey.server.baseUrl}/register?email=${encodeURIComponent(email)}`);
    await page.getByLabel('First name').fill('Mina');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Account name').fill('Lagos Sailing Club');
    await expect.poll(() => page.getByLabel('Account URL').inputValue()).toBe('lagossailingclub');
    await page.getByLabel('I agree to the Terms of Service').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('register-success').waitFor();

    const mail = await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes(email));
    await page.goto(/http:\/\/localhost:\d+\/user\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0]);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    expect(await page.getByLabel('I agree to the Terms of Service').count()).toBe(0);
    await screenshot(page, 'polish-set-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByText('Welcome to Laurel, Mina').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('header-name').textContent()).toContain('Lagos Sailing Club');
    await screenshot(page, 'polish-dashboard-signed-in');

    const response = await page.request.post(`${journey.server.baseUrl}/api/certificates`, {
      headers: { Authentication: await token(page) },
      data: { name: 'Dinghy course – spring (internal)', elements: ELEMENTS },
    });
    expect(response.status()).toBe(200);
    setId = (await response.json()).id;
  });

  it("shows the selected element's own font size, and applies a typed one", async () => {
    await page.goto(`${journey.server.baseUrl}/build/${setId}`);
    const canvas = page.getByTestId('certificate-canvas');
    await expect.poll(() => canvas.locator('span').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const size = page.locator('input[aria-label="Font size"]');
    const heading = page.locator('[data-element-index="0"]');
    const name = page.locator('[data-element-index="1"]');
    await heading.click();
    await expect.poll(() => size.inputValue()).toBe('33');
    await name.click();
    await expect.poll(() => size.inputValue()).toBe('40');
    await heading.click();
    await expect.poll(() => size.inputValue()).toBe('33');

    await size.fill('37');
    await size.press('Enter');
    await name.click();
    await expect.poll(() => size.inputValue()).toBe('40');
    await heading.click();
    await expect.poll(() => size.inputValue()).toBe('37');
    await screenshot(page, 'polish-font-size');
  });

  it('lists each font in itself', async () => {
    await page.locator('input[aria-label="Font family"]').click();
    const option = page.getByRole('option', { name: 'Great Vibes', exact: true });
    await option.scrollIntoViewIfNeeded();
    await expect.poll(() => option.locator('span').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/great-vibes/i);
    // The face is registered with the browser, so the name is drawn in it rather than in a fallback.
    await expect
      .poll(() => option.locator('span').evaluate((el) => document.fonts.check(`16px ${getComputedStyle(el).fontFamily.split(',')[0]}`)))
      .toBe(true);
    await screenshot(page, 'polish-font-picker', { fullPage: false });
    await page.keyboard.press('Escape');
  });

  it('previews with a sample name without touching the design or its history', async () => {
    const canvas = page.getByTestId('certificate-canvas');
    const undoBefore = await page.getByRole('button', { name: 'Undo' }).isDisabled();
    await page.getByRole('button', { name: 'Preview with sample data' }).click();
    await expect.poll(() => canvas.textContent()).toContain('Alex Morgan');
    expect(await canvas.textContent()).not.toContain('[FIRST NAME]');
    expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(undoBefore);
    await screenshot(page, 'polish-sample-data');

    // The design is not saved (the size above), yet the preview opens: drawn from the screen, with the sample.
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Preview', exact: true }).click()]);
    await popup.waitForURL(/^blob:/);
    await popup.close();
    await page.getByRole('button', { name: 'Preview with sample data' }).click();
    await expect.poll(() => canvas.textContent()).toContain('[FIRST NAME]');
  });

  it('places a new image clear of the text, sized to fit', async () => {
    const before = await page.locator('[data-element-index]').count();
    await page.getByRole('button', { name: 'Add image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an image' });
    await dialog.getByRole('tab', { name: 'Stock images' }).click();
    await dialog.getByLabel('Search stock images').fill('trophy');
    await dialog.getByRole('button', { name: 'Use stock image Gold trophy' }).click();
    const image = page.locator(`[data-element-index="${before}"]`);
    await image.waitFor();
    const placed = await box(image);
    const page_ = await box(page.getByTestId('certificate-canvas'));
    expect(placed.left).toBeGreaterThanOrEqual(page_.left);
    expect(placed.bottom).toBeLessThanOrEqual(page_.bottom + 0.5);
    for (let i = 0; i < before; i++) {
      const other = await box(page.locator(`[data-element-index="${i}"]`));
      const apart = placed.right <= other.left || other.right <= placed.left || placed.bottom <= other.top || other.bottom <= placed.top;
      expect(apart, `image overlaps element ${i}`).toBe(true);
    }
    await page.mouse.click(5, 5);
    await screenshot(page, 'polish-image-placed');
  });

  it('fits the whole certificate on a phone, with every action within reach', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The page is fitted to the width: nothing of it is cut off.
    await expect.poll(async () => (await box(page.getByTestId('certificate-canvas'))).right).toBeLessThanOrEqual(390);
    const canvas = await box(page.getByTestId('certificate-canvas'));
    expect(canvas.left).toBeGreaterThanOrEqual(0);
    expect(canvas.right - canvas.left).toBeGreaterThan(300);
    expect(await page.getByLabel('Zoom level').textContent()).not.toBe('100%');
    for (const name of ['Preview', 'Save']) expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'polish-builder-390');
    // What to add comes after the certificate, in the same column.
    await page.getByRole('button', { name: 'Add text', exact: true }).scrollIntoViewIfNeeded();
    expect(await page.getByRole('button', { name: 'Add text', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'polish-builder-390-add');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => page.getByLabel('Zoom level').textContent()).toBeTruthy();
  });

  it('shows the store export to a plan without it, with the plan it needs', async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Certificate saved' }).waitFor();
    await page.getByRole('button', { name: 'Import later' }).click();
    // Its free trial lends exports; once the trial is over the account is on the free tier, which has none.
    await journey.server.laurel.context.db
      .update(accounts)
      .set({ trial_started_at: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(accounts.name, 'Lagos Sailing Club'));
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await page.goto(`${journey.server.baseUrl}/store/search`);
      await page.getByRole('button', { name: 'Export results' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade your account' });
      await expect.poll(() => dialog.textContent()).toMatch(/Exports are available on the .+ plan or higher\./);
      await screenshot(page, `polish-store-export-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Not now' }).click();
    }
  });
});
