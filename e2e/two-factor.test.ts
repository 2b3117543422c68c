import { describe, expect, it } from 'vitest';
import { totpCode } from '../apps/server/test/helpers/totp.ts';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { createIssuer, PASSWORD, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

const journey = useJourney();

const step = () => Math.floor(Date.now() / 30_000);

describe('two-factor authentication', () => {
  it('is turned on from the account screen, then sign-in asks for the app code', async () => {
    const email = `ada.${Date.now()}@example.com`;
    await createIssuer(journey.server, { email, account: { name: 'Difference Engines', url: `engines${Date.now()}` } });
    const page = await signIn(journey.browser, journey.server, email);

    await page.goto(`${journey.server.baseUrl}/account/two-factored-authentication`);
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('Off');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const key = (await page.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expect.poll(() => page.getByAltText('QR code of your two-factor key').getAttribute('src')).toMatch(/^data:image\/png/);
    await page.getByLabel('Six-digit code').fill(totpCode(key, new Date()));
    await screenshot(page, 'two-factor-enrol');
    await expectAccessible(page, 'the two-factor set-up');
    const enrolStep = step();
    await page.getByRole('button', { name: 'Turn on' }).click();

    await page.getByTestId('recovery-codes').waitFor();
    await expect.poll(() => page.getByTestId('recovery-codes').locator('code').count()).toBe(10);
    const done = page.getByRole('button', { name: 'Done' });
    expect(await done.isDisabled()).toBe(true);
    await screenshot(page, 'two-factor-recovery-codes');
    await page.getByLabel('I have saved my recovery codes').check();
    await done.click();
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('On');
    // The admin may now require it of everyone.
    expect(await page.getByLabel(/Require two-factor authentication for everyone/).isEnabled()).toBe(true);
    await screenshot(page, 'two-factor-on');
    await expectAccessible(page, 'the two-factor screen');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login$/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const codeField = page.getByLabel('Authentication code');
    await codeField.waitFor();
    await screenshot(page, 'sign-in-two-factor');

    // The enrolment code's step is spent: sign in with the app's next code. The server takes a code of the
    // step either side of its own (clocks drift), so the next step's code is good at once, as it is from an
    // app whose clock runs a little ahead: waiting up to 30 s for the step to turn would test nothing more.
    const next = Math.max(step(), enrolStep + 1);
    await codeField.fill(totpCode(key, new Date(next * 30_000)));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
  });
});
