import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../apps/server/test/helpers/stripe-stand-in.ts';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, signIn } from './helpers/issuer.ts';
import { type RunningLaurel, startServer } from './helpers/server.ts';

/**
 * The billing screens against the local Stripe stand-in. The browser has no internet, so Stripe.js
 * cannot load: the card form must say so while the card on file (attached through the API, as Stripe.js
 * would have tokenised it), the address form, coupons, invoices, checkout and automatic purchases work.
 */

let server: RunningLaurel;
let stripe: StripeStandIn;
let browser: Browser;
beforeAll(async () => {
  stripe = await startStripeStandIn({
    deliverTo: async (payload, signature) =>
      (
        await fetch(`${server.baseUrl}/api/stripe/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        })
      ).status,
  });
  server = await startServer({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_API_BASE: stripe.url,
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
});

describe('billing with Stripe (the stand-in)', () => {
  it('shows the card on file, edits the address, checks coupons, lists invoices, checks out and saves automatic purchases', async () => {
    const email = `billing.${Date.now()}@example.com`;
    const { token, accountId } = await createIssuer(server, {
      email,
      account: { name: 'Lighthouse Academy', url: `lighthouse${Date.now()}` },
    });
    const call = apiOf(server);

    // A card on file, tokenised as Stripe.js would, and one paid credit pack for the invoice list.
    const card = stripe.createPaymentMethod({ brand: 'visa', last4: '4242', name: 'Ada Lovelace' });
    const added = await call(token, 'POST', `/api/accounts/${accountId}/billing`, { token: card, name: 'Ada Lovelace' });
    expect(added.card.last4).toBe('4242');
    const checkout = await server.laurel.app.inject({
      method: 'GET',
      url: '/api/accounts/checkout-session?purchase_type=payg&payg_credits=250&quantity=1',
      headers: { host: `localhost:${server.port}`, authentication: token },
    });
    const location = checkout.headers.location as string;
    expect(location.startsWith(`${stripe.url}/checkout/`)).toBe(true);
    await stripe.completeCheckout(location.slice(`${stripe.url}/checkout/`.length));
    await stripe.deliver();
    const invoices = (await call(token, 'GET', '/api/account/invoices')).invoices as { number: string }[];
    expect(invoices.length).toBeGreaterThan(0);
    stripe.addCoupon({ id: 'SPRING20', percent_off: 20, duration: 'once' });

    const page = await signIn(browser, server, email);

    // Billing information: the card on file, and the honest Stripe.js failure when replacing it.
    await page.goto(`${server.baseUrl}/account/billing-information`);
    await expect.poll(() => page.getByTestId('card-on-file').textContent()).toContain('visa •••• 4242');
    await page.getByTestId('card-on-file').getByText('Ada Lovelace', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Replace card' }).click();
    await page
      .getByText('Stripe Error: Could not reach Stripe.js service. We cannot process credit cards at this time.')
      .waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Save new card' }).isDisabled()).toBe(true);
    await screenshot(page, 'billing-information-stripe-unreachable', { fullPage: true });
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    // The address form still works: a country with a state list, then save.
    const details = page.getByRole('form', { name: 'Billing details form' });
    await details.getByLabel(/^Address/).fill('1 Harbour Road');
    await details.getByLabel(/^City/).fill('Toronto');
    await details.getByLabel('ZIP / postal code').fill('M5V 2T6');
    await details.getByLabel(/^Country/).fill('Canada');
    await page.getByRole('option', { name: 'Canada', exact: true }).click();
    await details.getByLabel(/^State/).click();
    await page.getByRole('option', { name: 'Ontario' }).click();
    await details.getByRole('button', { name: 'Save billing details' }).click();
    await page.getByText('Success: Your billing details have been updated.').waitFor();
    const saved = await call(token, 'GET', `/api/accounts/${accountId}/billing`);
    expect(saved.card).toMatchObject({
      address_line1: '1 Harbour Road',
      address_city: 'Toronto',
      address_country: 'CA',
      address_state: 'ON',
    });

    // Coupons: a known one and an unknown one.
    await page.getByLabel('Coupon code').fill('SPRING20');
    await page.getByRole('button', { name: 'Check coupon' }).click();
    await page.getByText('Coupon code applied: 20% off once').waitFor();
    await screenshot(page, 'billing-information', { fullPage: true });
    await page.getByLabel('Coupon code').fill('NOT-A-COUPON');
    await page.getByRole('button', { name: 'Check coupon' }).click();
    await page.getByText('Invalid coupon code.').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('card-on-file').waitFor();
    await screenshot(page, 'billing-information-390', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Billing history: the stand-in's invoices.
    await page.goto(`${server.baseUrl}/account/billing-history`);
    const table = page.getByRole('table', { name: 'Invoices' });
    await table.waitFor();
    for (const invoice of invoices) await table.getByText(invoice.number).waitFor();
    await screenshot(page, 'billing-history');
    await expectAccessible(page, 'the billing history');

    // A plan choice goes to the stand-in's Checkout page (the navigation is stopped there).
    await page.route(`${stripe.url}/**`, (route) => route.abort());
    await page.goto(`${server.baseUrl}/account/billing-subscriptions`);
    const toCheckout = page.waitForRequest((request) => request.url().startsWith(`${stripe.url}/checkout/`));
    await page.getByRole('button', { name: 'Choose Basic Monthly' }).click();
    const checkoutSession = stripe.object((await toCheckout).url().slice(`${stripe.url}/checkout/`.length));
    expect(checkoutSession).toMatchObject({ object: 'checkout.session', mode: 'subscription' });

    // Automatic purchases: the available credits, the four packs, and a saved setting.
    await page.goto(`${server.baseUrl}/account/automatic-purchases`);
    const available = (await call(token, 'GET', `/api/accounts/${accountId}/automatic-purchases`)).available_credits as number;
    await expect.poll(() => page.getByTestId('available-credits').textContent()).toBe(available.toLocaleString('en-US'));
    for (const [credits, price] of [
      ['150', '$24.00'],
      ['250', '$34.00'],
      ['500', '$59.00'],
      ['1,000', '$99.00'],
    ])
      await page
        .getByRole('radio', { name: `${credits} credits` })
        .filter({ hasText: price })
        .waitFor();
    await page.getByLabel('Buy credits automatically').check();
    await page.getByRole('radio', { name: '500 credits' }).click();
    await page.getByLabel('When available credits fall below').fill('40');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Automatic purchases saved.').waitFor();
    await screenshot(page, 'automatic-purchases');
    const setting = await call(token, 'GET', `/api/accounts/${accountId}/automatic-purchases`);
    expect(setting).toMatchObject({ enabled: true, credits: 500, threshold: 40 });
  });
});
