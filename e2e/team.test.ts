import { TEAM_MESSAGES } from '@laurel/domain';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, PASSWORD, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

const journey = useJourney({ smtp: true });

describe('managing users', () => {
  it('an admin invites a sub-user to two of three sets, who signs in and sees only those; the admin acts as them and back', async () => {
    const adminEmail = `ada.${Date.now()}@example.com`;
    const subEmail = `grace.${Date.now()}@example.com`;
    const { sets } = await createIssuer(journey.server, {
      email: adminEmail,
      admin: { first_name: 'Ada', last_name: 'Lovelace' },
      account: { name: 'Harbour School', url: `harbour${Date.now()}`, allowed_sets: 5, plan: 'professional-monthly-3' },
      credits: 100,
      sets: ['Navigation', 'Seamanship', 'Rigging'],
    });
    const rigging = sets.find((s) => s.name === 'Rigging')!;

    const page = await signIn(journey.browser, journey.server, adminEmail);
    await page.goto(`${journey.server.baseUrl}/account/manage-users`);
    await page.getByRole('button', { name: 'Add user' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.getByLabel('First name').fill('Grace');
    await dialog.getByLabel('Last name').fill('Hopper');
    await dialog.getByLabel(/^Email/).fill(subEmail);
    await dialog.getByLabel('May edit certificate sets').check();
    await dialog.getByLabel('All certificate sets').uncheck();
    // Neither set chosen: the spec's message.
    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await expect.poll(() => dialog.getByText('At least one must be checked.').count()).toBeGreaterThan(0);
    await dialog.getByLabel('Navigation').check();
    await dialog.getByLabel('Seamanship').check();
    await dialog.getByLabel('A number of credits').check();
    // Left blank, the number is asked for rather than taken as none.
    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await expect.poll(() => dialog.getByText(TEAM_MESSAGES.creditsRequired).count()).toBeGreaterThan(0);
    await dialog.getByLabel(/^Credits/).fill('40');
    await screenshot(page, 'team-add-modal');
    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await expect.poll(() => page.getByText('Account user added successfully.').count()).toBeGreaterThan(0);
    const table = page.getByRole('table', { name: 'Account users' });
    await expect
      .poll(() =>
        table
          .getByRole('row', { name: /Grace Hopper/ })
          .getByText('Invitation sent')
          .count(),
      )
      .toBe(1);
    await screenshot(page, 'team-table');
    await expectAccessible(page, 'the team');

    // The invitation arrives by email; its link sets the password.
    const mail = await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes(subEmail));
    expect(mail.subject).toBe('Ada Lovelace invited you to Harbour School on Laurel');
    const link = /http:\/\/localhost:\d+\/user\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
    const subContext = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const subPage = await subContext.newPage();
    await subPage.goto(link);
    await subPage.getByLabel('New password').fill(PASSWORD);
    await subPage.getByLabel('Confirm password').fill(PASSWORD);
    await subPage.getByLabel('I agree to the Terms of Service').check();
    // Setting the password signs the invited user in, where their rights lead.
    await subPage.getByRole('button', { name: 'Set password' }).click();
    await subPage.waitForURL(/\/build$/);
    await expect.poll(() => subPage.getByText('Seamanship', { exact: true }).count()).toBeGreaterThan(0);
    expect(await subPage.getByText('Navigation', { exact: true }).count()).toBeGreaterThan(0);
    expect(await subPage.getByText('Rigging', { exact: true }).count()).toBe(0);
    await screenshot(subPage, 'team-sub-user-build');

    // The API refuses the third set to the sub-user.
    const subToken = await subPage.evaluate(() => localStorage.getItem('laurel.token'));
    const refused = await journey.server.laurel.app.inject({
      method: 'GET',
      url: `/api/certificates/${rigging.id}`,
      headers: { host: `localhost:${journey.server.port}`, authentication: subToken! },
    });
    expect(refused.statusCode).toBe(404);
    await subContext.close();

    // The admin edits the user, then acts as them and switches back.
    await page.reload();
    await expect
      .poll(() =>
        table
          .getByRole('row', { name: /Grace Hopper/ })
          .getByText('Active', { exact: true })
          .count(),
      )
      .toBe(1);
    await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Grace Hopper' });
    await edit.getByLabel('Seamanship').waitFor();
    expect(await edit.getByLabel('Seamanship').isChecked()).toBe(true);
    expect(await edit.getByLabel('Rigging').isChecked()).toBe(false);
    await screenshot(page, 'team-edit-modal');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Act as this user' }).click();
    await page.waitForURL(/\/build$/);
    await expect.poll(() => page.getByTestId('impersonation-banner').textContent()).toContain('You are acting as Grace Hopper');
    expect(await page.getByText('Rigging', { exact: true }).count()).toBe(0);
    await screenshot(page, 'team-impersonating');
    await page.getByRole('button', { name: 'Switch back' }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId('impersonation-banner').count()).toBe(0);

    // What the server recorded.
    const call = apiOf(journey.server);
    const csrf = (await call(null, 'GET', '/api/auth/csrf')).csrf_token;
    const token = (await call(null, 'POST', '/api/auth', { email: adminEmail, password: PASSWORD, csrf_token: csrf })).token as string;
    const me = await call(token, 'GET', '/api/auth/current');
    const list = await call(token, 'GET', `/api/accounts/${me.account.id}/users`);
    expect(list.data[0]).toMatchObject({
      email: subEmail,
      status: 'active',
      allocated_credits: 40,
      allowed_certificate_sets: expect.any(Array),
    });
    expect(list.data[0].allowed_certificate_sets).toHaveLength(2);
  });
});
