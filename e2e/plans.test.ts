import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailMessages } from '../apps/server/src/db/schema.ts';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';
import { ADMIN } from './helpers/server.ts';

const journey = useJourney();

const nameElement = {
  type: 'name',
  content: '[FIRST NAME] [LAST NAME]',
  styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '24px', 'font-family': 'Open Sans' },
};

describe('plans without card payments (the embedded default)', () => {
  it('shows a Free account honest screens, sends a request to the operator, and reflects a super-admin grant', async () => {
    const email = `plans.${Date.now()}@example.com`;
    const { token, accountId } = await createIssuer(journey.server, {
      email,
      account: { name: 'Harbour Sailing School', url: `harbour${Date.now()}`, allowed_sets: 3 },
    });
    const call = apiOf(journey.server);
    const page = await signIn(journey.browser, journey.server, email);

    // Subscription: Free, its figures, and the note that card payments are not set up.
    await page.goto(`${journey.server.baseUrl}/account/subscription`);
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toBe('Free');
    await page.getByText('Card payments are not set up on this server.', { exact: false }).waitFor();
    await page.getByText('0 of 3').waitFor();
    // Past its free trial: the screen says when it ended, and no trial badge is left.
    await page.getByText('Your free trial ended on', { exact: false }).waitFor();
    expect(await page.getByTestId('trial-badge').count()).toBe(0);
    await screenshot(page, 'plans-subscription-free');
    await expectAccessible(page, 'the subscription');

    // Plans: the four plans from the catalogue; choosing one opens the request dialog.
    await page.getByRole('link', { name: 'Change plan' }).click();
    await page.waitForURL(/\/account\/billing-subscriptions$/);
    for (const name of ['Basic Monthly', 'Advanced Monthly', 'Professional Monthly', 'Enterprise Monthly'])
      await page.getByRole('region', { name }).waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Professional Monthly' }).textContent()).toContain('$49.00');
    await screenshot(page, 'plans-comparison');
    await expectAccessible(page, 'the plans');
    await page.getByRole('button', { name: 'Choose Professional Monthly' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Card payments are not set up on this server').waitFor();
    await dialog.getByText('The Professional Monthly plan: 500 credits a month for $49.00 a month.').waitFor();
    await screenshot(page, 'plans-request-dialog');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText(`Your request has been sent to ${ADMIN.email}.`, { exact: false }).waitFor();
    const mails = await journey.server.laurel.context.db.select().from(mailMessages).where(eq(mailMessages.to_address, ADMIN.email));
    expect(mails.map((m) => m.subject)).toContain('Harbour Sailing School: Professional Monthly plan requested');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Purchase credits: the pack prices times the quantity, and the same request path.
    await page.goto(`${journey.server.baseUrl}/account/purchase-credits`);
    await page.getByText('500 credits', { exact: true }).click();
    await page.getByLabel('Quantity').fill('2');
    await expect.poll(() => page.getByTestId('credits-total').textContent()).toBe('$138.00');
    await screenshot(page, 'plans-purchase-credits');
    await expectAccessible(page, 'the credit purchase');
    await page.getByRole('button', { name: 'Request these credits' }).click();
    await page.getByRole('dialog').getByText('1,000 pay-as-you-go credits (2 × 500) for $138.00.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // Two-sided certificates are refused on Free once the trial is over.
    const twoSided = { name: 'Two sides', use_two_side: true, back_side_elements: [nameElement] };
    expect((await call(token, 'POST', '/api/certificates', twoSided)).error_type).toBe('upgrade');

    // A super-admin grants Professional through the API.
    const csrf = (await call(null, 'GET', '/api/auth/csrf')).csrf_token;
    const root = (await call(null, 'POST', '/api/auth', { email: ADMIN.email, password: ADMIN.password, csrf_token: csrf })).token;
    const granted = await call(root, 'PUT', `/api/accounts/${accountId}/admin-update-plan`, {
      account: accountId,
      plan: 'professional-monthly-3',
    });
    expect(granted.stripe_plan).toBe('professional-monthly-3');

    await page.goto(`${journey.server.baseUrl}/account/subscription`);
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toBe('Professional Monthly');
    await page.getByText('$49.00 a month').waitFor();
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: 'Two-sided certificates' }).textContent())
      .toBe('Two-sided certificates');
    await screenshot(page, 'plans-subscription-professional');
    expect((await call(token, 'POST', '/api/certificates', twoSided)).name).toBe('Two sides');

    await page.goto(`${journey.server.baseUrl}/account/billing-subscriptions`);
    await page.getByRole('region', { name: 'Professional Monthly' }).getByText('Current plan', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Your current plan' }).isDisabled()).toBe(true);
  });
});
