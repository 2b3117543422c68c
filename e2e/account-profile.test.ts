import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { createIssuer, PASSWORD, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

const journey = useJourney();

/** A small logo: a green badge with a gilt ring. */
function logoPng(): Buffer {
  const canvas = createCanvas(160, 160);
  const context = canvas.getContext('2d');
  context.fillStyle = '#2f6f4f';
  context.beginPath();
  context.arc(80, 80, 70, 0, Math.PI * 2);
  context.fill();
  context.strokeStyle = '#c9a227';
  context.lineWidth = 10;
  context.stroke();
  return canvas.encodeSync('png');
}

const NEW_PASSWORD = 'amber-harbour-compass-77';

describe('account profile', () => {
  it('changes the account, uploads a logo and changes the password', async () => {
    const email = `grace.${Date.now()}@example.com`;
    await createIssuer(journey.server, {
      email,
      account: { name: 'Harbour School', url: `harbour${Date.now()}` },
      admin: { first_name: 'Grace', last_name: 'Hopper' },
    });
    const page = await signIn(journey.browser, journey.server, email);
    await page.goto(`${journey.server.baseUrl}/account`);
    await expect.poll(() => page.getByTestId('header-name').textContent()).toBe('Harbour School');

    // Account info: a new name, then Canada, whose state list appears.
    const name = page.getByLabel('Account name');
    await name.fill('Harbour Sailing School');
    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('combobox', { name: 'Country' }).fill('Canada');
    await page.getByRole('option', { name: 'Canada', exact: true }).click();
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Ontario' }).click();
    await page.getByRole('button', { name: 'Save account info' }).click();
    await page.getByText('Account Updated.').waitFor();
    await expect.poll(() => page.getByTestId('header-name').textContent()).toBe('Harbour Sailing School');

    // The logo, dropped in as a file.
    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await page.getByText('Image uploaded.').waitFor();
    await expect.poll(() => page.getByAltText('Account logo').getAttribute('src')).toMatch(/^\/api\/files\//);
    await screenshot(page, 'account-profile');
    await expectAccessible(page, 'the profile');

    // Reloaded, the page shows what the server kept.
    await page.reload();
    await expect.poll(() => page.getByLabel('Account name').inputValue()).toBe('Harbour Sailing School');
    expect(await page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('Canada');
    expect(await page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('Ontario');

    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await screenshot(page, 'account-change-password', { fullPage: false });
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password has been successfully updated.').waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);

    // The same page on a phone.
    const phone = await signIn(journey.browser, journey.server, email, { password: NEW_PASSWORD, viewport: { width: 390, height: 844 } });
    await phone.goto(`${journey.server.baseUrl}/account`);
    await phone.getByAltText('Account logo').waitFor();
    await screenshot(phone, 'account-profile-phone');
  });
});
