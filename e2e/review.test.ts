import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';
import { ADMIN } from './helpers/server.ts';

const REVIEW_URL = 'https://reviews.example.com/products/laurel/write';
const PROMPT = 'How did your send go?';

let call: ReturnType<typeof apiOf>;

const journey = useJourney({ smtp: true, env: { REVIEW_URL } });
beforeAll(async () => {
  call = apiOf(journey.server);
});

async function issuer(email: string, url: string) {
  const { token, sets } = await createIssuer(journey.server, {
    email,
    account: { name: `Review ${url}`, url, allowed_sets: 3 },
    credits: 10,
    sets: ['Coastal Skipper'],
  });
  return { email, token, setId: sets[0]!.id };
}

let projects = 0;
/** A one-recipient project made through the API, then sent from the send screen and followed to its end. */
async function sendOne(page: Page, who: { token: string; setId: number }) {
  projects += 1;
  const project = await call(who.token, 'POST', '/api/projects', {
    title: `Sailing class ${projects}`,
    certificate_id: who.setId,
    recipients: [{ FIRST_NAME: 'Zoë', LAST_NAME: 'Okafor', 'Email Address': `zoe.${projects}@example.com`, COURSE: 'Coastal Skipper' }],
  });
  await page.goto(`${journey.server.baseUrl}/send/${project.id}/send`);
  await page.getByRole('button', { name: 'Send 1 certificate' }).click();
  await page.getByRole('dialog', { name: 'Send 1 certificate now?' }).getByRole('button', { name: 'Send now' }).click();
  await expect.poll(() => page.getByRole('group', { name: 'Sent: 1' }).count(), { timeout: 60_000 }).toBe(1);
}

/** The prompt opens in the render that shows the end of the send; a second is ample for it to have appeared. */
async function expectNoPrompt(page: Page) {
  await page.waitForTimeout(1_000);
  expect(await page.getByRole('dialog', { name: PROMPT }).count()).toBe(0);
}

const reviewFlag = async (token: string) => (await call(token, 'GET', '/api/auth/current')).review as boolean;

describe('the review prompt after a send', () => {
  it('asks once; "Not now" holds for this browser session, and a later session asks again', async () => {
    const owner = await issuer('owner@harbour-sailing.example', 'harbour-sailing');
    const page = await signIn(journey.browser, journey.server, owner.email);
    await sendOne(page, owner);
    const prompt = page.getByRole('dialog', { name: PROMPT });
    await prompt.waitFor();
    expect(await prompt.getByRole('button', { name: 'Write a review' }).count()).toBe(1);
    // The dialog fades in: the picture is taken once it has.
    await expect.poll(() => prompt.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await screenshot(page, 'review-01-prompt', { fullPage: false });
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await prompt.waitFor({ state: 'hidden' });

    await sendOne(page, owner);
    await expectNoPrompt(page);
    expect(await reviewFlag(owner.token)).toBe(false);
    await page.context().close();

    const later = await signIn(journey.browser, journey.server, owner.email);
    await sendOne(later, owner);
    await later.getByRole('dialog', { name: PROMPT }).waitFor();
    await later.context().close();
  });

  it('"Write a review" opens the review page in a new tab and is not asked again', async () => {
    const owner = await issuer('owner@lakeside-rowing.example', 'lakeside-rowing');
    const page = await signIn(journey.browser, journey.server, owner.email);
    // The review site is outside this closed network: the browser is handed a stand-in page for it.
    await page
      .context()
      .route(REVIEW_URL, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Review Laurel</title><h1>Review Laurel</h1>' }),
      );
    await sendOne(page, owner);
    const prompt = page.getByRole('dialog', { name: PROMPT });
    await prompt.waitFor();
    const opened = page.context().waitForEvent('page');
    await prompt.getByRole('button', { name: 'Write a review' }).click();
    const tab = await opened;
    await tab.waitForURL(REVIEW_URL);
    expect(await tab.getByRole('heading', { name: 'Review Laurel' }).count()).toBe(1);
    // The review page cannot reach back into the app through window.opener.
    expect(await tab.evaluate(() => window.opener === null)).toBe(true);
    await prompt.waitFor({ state: 'hidden' });
    await expect.poll(() => reviewFlag(owner.token)).toBe(true);
    await tab.close();

    await sendOne(page, owner);
    await expectNoPrompt(page);
    await page.context().close();
  });

  it('is not shown to a super-admin acting as the issuer', async () => {
    const owner = await issuer('owner@bayside-divers.example', 'bayside-divers');
    const me = await call(owner.token, 'GET', '/api/auth/current');
    const csrf = (await call(null, 'GET', '/api/auth/csrf')).csrf_token;
    const admin = (await call(null, 'POST', '/api/auth', { email: ADMIN.email, password: ADMIN.password, csrf_token: csrf }))
      .token as string;
    const acting = (await call(admin, 'POST', `/api/users/${me.id}/impersonate`)).token as string;
    expect(acting).toBeTruthy();

    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((token) => localStorage.setItem('laurel.token', token), acting);
    const page = await context.newPage();
    await sendOne(page, owner);
    await expectNoPrompt(page);
    expect(await reviewFlag(owner.token)).toBe(false);
    await context.close();
  });
});
