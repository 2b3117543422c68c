import { describe, expect, it } from 'vitest';
import { sessions } from '../apps/server/src/db/schema.ts';
import { screenshot } from './helpers/browser.ts';
import { useJourney } from './helpers/journey.ts';
import { ADMIN } from './helpers/server.ts';

const MINUTE = 60_000;
const journey = useJourney();

/** The page's clock is driven by the test, so 30 idle minutes take a moment. */
async function signedInWithClock() {
  const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  await page.clock.install();
  await page.goto(`${journey.server.baseUrl}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
  return page;
}

describe('idle timeout', () => {
  it('warns after 25 idle minutes with a countdown, and staying signed in keeps the session', async () => {
    const page = await signedInWithClock();
    await page.clock.fastForward(24 * MINUTE);
    expect(await page.getByRole('dialog', { name: 'Session timeout' }).count()).toBe(0);
    await page.clock.fastForward(1 * MINUTE + 2_000);
    const modal = page.getByRole('dialog', { name: 'Session timeout' });
    await modal.waitFor();
    expect(await modal.textContent()).toContain(
      "You're being timed out due to inactivity. Please choose to stay signed in or to log off. Otherwise, you will be logged off automatically.",
    );
    await expect.poll(() => page.getByTestId('idle-countdown').textContent()).toMatch(/^04:5\d$/);
    await screenshot(page, 'idle-warning');
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.clock.fastForward(10 * MINUTE);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.context().close();
  });

  it('signs out automatically at 30 minutes and the token no longer works', async () => {
    const page = await signedInWithClock();
    const token = await page.evaluate(() => localStorage.getItem('laurel.token'));
    expect(token).toBeTruthy();
    await page.clock.fastForward(30 * MINUTE + 2_000);
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByText('You have logged out.').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('laurel.token'))).toBeNull();
    const current = await journey.server.laurel.app.inject({
      method: 'GET',
      url: '/api/auth/current',
      headers: { authentication: token! },
    });
    expect(current.statusCode).toBe(401);
    await page.context().close();
  });
});

describe('a session that ended on the server', () => {
  it('asks to sign in again in place, and carries on after', async () => {
    const page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await page.goto(`${journey.server.baseUrl}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await journey.server.laurel.context.db.update(sessions).set({ revoked_at: new Date() });

    // Moving within the app (no reload) makes the next call meet the 401.
    await page.evaluate(() => {
      history.pushState({}, '', '/admin/outbox');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const dialog = page.getByRole('dialog').filter({ hasText: 'Sign in to continue' });
    await page.getByText('Your session has ended').waitFor();
    await screenshot(page, 'relogin');
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByLabel('Email').fill(ADMIN.email);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => dialog.textContent()).toContain('Incorrect email or password. Try again.');
    await dialog.getByLabel('Password').fill(ADMIN.password);
    // Signing in again reloads the page in place, under a new session.
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Outbox', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/outbox');
    expect(await page.getByText('Your session has ended').count()).toBe(0);
    const token = await page.evaluate(() => localStorage.getItem('laurel.token'));
    expect(
      (await journey.server.laurel.app.inject({ method: 'GET', url: '/api/auth/current', headers: { authentication: token! } })).statusCode,
    ).toBe(200);
    await page.context().close();
  });
});
