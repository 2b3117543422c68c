import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../apps/server/src/db/schema.ts';
import { expectAccessible } from './helpers/axe.ts';
import { launchBrowser, screenshot } from './helpers/browser.ts';
import { addUser, PASSWORD } from './helpers/issuer.ts';
import { type RunningLaurel, startServer } from './helpers/server.ts';

let server: RunningLaurel;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ smtp: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  return context.newPage();
}

describe('a new user registers, confirms, signs in and signs out', () => {
  it('goes through both registration steps, the mailed link, the password form and the dashboard', async () => {
    const page = await newPage();
    const email = `grace.${Date.now()}@example.com`;
    await page.goto(`${server.baseUrl}/register?loc=e2e&email=${encodeURIComponent(email)}`);

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await screenshot(page, 'register-step-1');
    await expectAccessible(page, 'the registration form');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByLabel('Account name').fill('Compiler Academy');
    // The account URL is suggested from the name and checked for availability.
    await expect.poll(() => page.getByLabel('Account URL').inputValue()).toBe('compileracademy');
    await expect.poll(() => page.getByTestId('portal-address').textContent()).toContain('compileracademy.localhost');
    // The terms say up front that agreeing is required; a submit without it still says so.
    await page.getByText('Required to create your account.').waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please accept the Terms of Service to continue.').waitFor();
    await page.getByLabel('I agree to the Terms of Service').check();
    await screenshot(page, 'register-step-2');
    await expectAccessible(page, 'the registration form, second step');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('register-success').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register/success');
    await screenshot(page, 'register-success');

    const mail = await server.smtp!.waitFor((m) => JSON.stringify(m.to).includes(email));
    const link = /http:\/\/localhost:\d+\/user\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
    await page.goto(link);
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => page.getByText('Password must be at least 8 characters.').count()).toBeGreaterThan(0);

    await page.getByLabel('New password').fill('violet-meadow-lantern-42');
    await page.getByLabel('Confirm password').fill('violet-meadow-lantern-42');
    // The terms were accepted on the registration form: not asked again.
    expect(await page.getByLabel('I agree to the Terms of Service').count()).toBe(0);
    await page.getByRole('button', { name: 'Set password' }).click();
    // Setting the password signs the new user in.
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId('header-name').textContent()).toContain('Compiler Academy');
    await screenshot(page, 'dashboard');

    // Signed in, /register leads back to the dashboard.
    await page.goto(`${server.baseUrl}/register`);
    await page.waitForURL(/\/dashboard$/);

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByText('You have logged out.').count()).toBeGreaterThan(0);
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.waitForURL(/\/login$/);
  });

  it('shows the server message for a wrong password and a used link leads to link=expired', async () => {
    const page = await newPage(390);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password-here');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toContain('Incorrect email or password. Try again.');
    await screenshot(page, 'login-error-mobile');

    await page.goto(`${server.baseUrl}/user/confirm/${'x'.repeat(43)}`);
    await page.waitForURL(/\/\?link=expired$/);
    await screenshot(page, 'link-expired');
  });

  it('refuses an address that already has an account, naming the way to sign in', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/register?email=root%40laurel.localhost`);
    await page.getByLabel('First name').fill('Dup');
    await page.getByLabel('Last name').fill('User');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Account name').fill('Duplicate Org');
    await expect.poll(() => page.getByLabel('Account URL').inputValue()).toBe('duplicateorg');
    await page.getByLabel('I agree to the Terms of Service').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('An account with this email address has already been created.').count()).toBeGreaterThan(0);
    await screenshot(page, 'register-user-exists');
  });

  it('lets the owner in with an emailed code while strangers guess their password', async () => {
    const email = `ada.${Date.now()}@example.com`;
    const [account] = await server.laurel.context.db
      .insert(accounts)
      .values({ name: 'Analytical Society', url: `analytical${Date.now()}` })
      .returning();
    await addUser(server, { email, accountId: account!.id, role: 'account_admin', first_name: 'Ada' });
    // Five wrong passwords from five other places: once enough to lock the owner out for 15 minutes.
    for (let i = 0; i < 5; i++) {
      const csrf = (await server.laurel.app.inject({ method: 'GET', url: '/api/auth/csrf', remoteAddress: `203.0.113.${i + 1}` })).json();
      const guess = await server.laurel.app.inject({
        method: 'POST',
        url: '/api/auth',
        remoteAddress: `203.0.113.${i + 1}`,
        payload: { email, password: `guess-${i}-password`, csrf_token: csrf.csrf_token },
      });
      expect(guess.statusCode).toBe(401);
    }

    const page = await newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const codeField = page.getByLabel('Sign-in code');
    await codeField.waitFor();
    await screenshot(page, 'login-email-code');
    await expectAccessible(page, 'the sign-in code form');
    const mail = await server.smtp!.waitFor((m) => JSON.stringify(m.to).includes(email) && !!m.subject?.includes('sign-in code'));
    const code = /code is (\d{6})/.exec(mail.text ?? '')![1]!;

    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toContain('Wrong confirmation code.');
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId('header-name').textContent()).toContain('Analytical Society');
    await page.context().close();
  });
});
