import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser.ts';
import { PASSWORD, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';
import { ADMIN } from './helpers/server.ts';

const journey = useJourney({ smtp: true });

describe('promo codes', () => {
  it('a super-admin creates a code, a new user registers with it and sees the bonus credits', async () => {
    const admin = await signIn(journey.browser, journey.server, ADMIN.email, { password: ADMIN.password });
    await admin.goto(`${journey.server.baseUrl}/promo-codes`);
    await admin.getByText('No promo codes').waitFor();
    await admin.getByRole('button', { name: 'New promo code' }).first().click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await expect.poll(() => dialog.getByText('Please enter a name for the promo code.').count()).toBe(1);
    await dialog.getByLabel('Name').fill('Autumn partners');
    await dialog.getByLabel('Code').fill('autumn-75');
    await dialog.getByLabel('Credits').fill('75');
    await dialog.getByLabel('Usage limit').fill('10');
    await screenshot(admin, 'promo-code-dialog');
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await dialog.waitFor({ state: 'detached' });
    const table = admin.getByRole('table', { name: 'Promo codes' });
    await table.getByText('AUTUMN-75').waitFor();
    expect(await table.getByText('0 of 10').count()).toBe(1);

    // A second code to switch off and delete.
    await admin.getByRole('button', { name: 'New promo code' }).click();
    await dialog.getByLabel('Name').fill('Spare');
    await dialog.getByLabel('Code').fill('SPARE-1');
    await dialog.getByLabel('Type').click();
    await admin.getByRole('option', { name: 'Percentage off a purchase' }).click();
    await dialog.getByLabel('Discount (%)').fill('150');
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await expect.poll(() => dialog.getByText('A percentage must be between 1 and 100.').count()).toBe(1);
    await dialog.getByLabel('Discount (%)').fill('20');
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('switch', { name: 'SPARE-1 active' }).click({ force: true });
    await expect.poll(() => admin.getByRole('switch', { name: 'SPARE-1 active' }).isChecked()).toBe(false);
    await admin.getByRole('button', { name: 'Delete SPARE-1' }).click();
    await screenshot(admin, 'promo-code-delete');
    await admin.getByRole('button', { name: 'Delete code' }).click();
    await expect.poll(() => table.getByText('SPARE-1').count()).toBe(0);

    const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const email = `promo.${Date.now()}@example.com`;
    await page.goto(`${journey.server.baseUrl}/register?email=${encodeURIComponent(email)}`);
    await page.getByLabel('First name').fill('Marie');
    await page.getByLabel('Last name').fill('Curie');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Account name').fill('Radium Institute');
    await expect.poll(() => page.getByLabel('Account URL').inputValue()).toBe('radiuminstitute');
    await page.getByLabel('Promo code').fill('autumn-75');
    await page.getByLabel('I agree to the Terms of Service').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('register-success').waitFor();

    const mail = await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes(email));
    const link = /http:\/\/localhost:\d+\/user\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
    await page.goto(link);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    // The terms were accepted at registration, and setting the password signs the new user in.
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/dashboard$/);

    await page.goto(`${journey.server.baseUrl}/account/subscription`);
    const paygFigure = page.getByText('Pay-as-you-go credits').locator('..');
    await expect.poll(() => paygFigure.textContent()).toContain('75');
    await expect.poll(() => page.getByText('Available credits').locator('..').textContent()).toContain('125');
    await screenshot(page, 'promo-code-credits');

    // The list counts the use.
    await admin.reload();
    await admin.getByRole('table', { name: 'Promo codes' }).getByText('1 of 10').waitFor();
    await screenshot(admin, 'promo-codes-list');
  });
});
