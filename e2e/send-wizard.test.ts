import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { addUser, apiOf, createIssuer, signIn as signInPage } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

const OWNER = 'owner@harbour-sailing.example';
const SMALL = 'owner@little-dinghy.example';
const EMPTY = 'owner@new-marina.example';
const SUB = 'sender@little-dinghy.example';

/** Three rows as a spreadsheet puts them on the clipboard: a header row, then tab-separated cells. */
const PASTED = [
  ['First name', 'Last name', 'Email', 'Course'],
  ['Zoë', 'Okafor', 'zoe.okafor@example.com', 'Coastal Skipper'],
  ['José', 'Ñúñez', 'jose.nunez@example.com', 'Day Skipper'],
  ['Åsa', 'Lindqvist', 'asa.lindqvist@example.com', 'Competent Crew'],
]
  .map((row) => row.join('\t'))
  .join('\n');

/** An account with its admin, room for five sets, some credits, and certificate sets made through the API. */
const issuer = (email: string, { credits, ...account }: { name: string; url: string; credits: number; plan?: string }, sets: string[]) =>
  createIssuer(journey.server, {
    email,
    account: { ...account, allowed_sets: 5 },
    credits,
    admin: { first_name: 'Hana', last_name: 'Harbour' },
    sets,
  });

/** Pasting needs the clipboard, which a fresh browser context may not read. */
const signIn = (email: string, viewport = { width: 1280, height: 900 }) =>
  signInPage(journey.browser, journey.server, email, { viewport, clipboard: true });

/** Picks a field in one of the mapping step's selects. */
/** Moves focus with Tab, as a keyboard user does, until it rests on the button named `name`; fails if it never does. */
async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.tagName === 'BUTTON' ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : null;
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached the button "${name}"`);
}

async function mapColumn(page: Page, column: string, field: string) {
  await page.getByRole('combobox', { name: `Certificate field for ${column}` }).click();
  await page.getByRole('option', { name: field, exact: true }).click();
}

/** Selecting a certificate and pasting the rows: the same start for every test. */
async function pasteRows(page: Page, certificate: string, viaClipboard: boolean) {
  await page.goto(`${journey.server.baseUrl}/send`);
  await page.getByRole('button', { name: `Send ${certificate}` }).click();
  if (viaClipboard) {
    await page.evaluate((text) => navigator.clipboard.writeText(text), PASTED);
    await page.getByRole('button', { name: 'Paste from clipboard' }).click();
  } else {
    await page.getByLabel('Spreadsheet rows').fill(PASTED);
  }
  await expect.poll(() => page.getByText('4 lines and 4 columns found.').count()).toBe(1);
}

const journey = useJourney({ smtp: true });
beforeAll(async () => {
  const { token } = await issuer(OWNER, { name: 'Harbour Sailing School', url: 'harbour-sailing', credits: 10, plan: 'basic-monthly-3' }, [
    'Sailing Certificate',
    'Radio Licence',
    'First Aid at Sea',
    'Night Navigation',
  ]);
  const call = apiOf(journey.server);
  // A title already taken in the account, to meet the uniqueness message on the save step.
  const set = (await call(token, 'GET', '/api/certificates?limit=10')).certificates.find(
    (c: { name: string }) => c.name === 'Radio Licence',
  );
  await call(token, 'POST', '/api/projects', {
    title: 'Summer crew',
    certificate_id: set.id,
    recipients: [{ FIRST_NAME: 'Ann', LAST_NAME: 'Bonny', 'Email Address': 'ann@example.com', COURSE: 'VHF' }],
  });
  const small = await issuer(SMALL, { name: 'Little Dinghy Club', url: 'little-dinghy', credits: 1 }, ['Dinghy Sailing']);
  await addUser(journey.server, { email: SUB, accountId: small.accountId, role: 'account_user', first_name: 'Sam', last_name: 'Sender' });
  await issuer(EMPTY, { name: 'New Marina', url: 'new-marina', credits: 5 }, []);
});

describe('the send wizard', () => {
  it('takes an issuer from a certificate to three delivered emails and a downloadable PDF', async () => {
    const page = await signIn(OWNER);

    // 1. Select: three sets a page, at most 5 page links, each with its thumbnail.
    await page.goto(`${journey.server.baseUrl}/send`);
    await expect.poll(() => page.getByTestId('send-certificate').count()).toBe(3);
    await expect.poll(() => page.getByRole('img', { name: /^Preview of / }).count(), { timeout: 20_000 }).toBe(3);
    await screenshot(page, 'send-01-select');
    await expectAccessible(page, 'the send wizard, select step');

    // The oldest set is on the second page.
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => page.getByTestId('send-certificate').count()).toBe(1);

    // 2. Import from the clipboard.
    await page.getByRole('button', { name: 'Send Sailing Certificate' }).click();
    await page.waitForURL(/\/send\?c=\d+$/);
    await page.getByTestId('certificate-banner').getByText('Sailing Certificate').waitFor();
    await page.evaluate((text) => navigator.clipboard.writeText(text), PASTED);
    await page.getByRole('button', { name: 'Paste from clipboard' }).click();
    await expect.poll(() => page.getByText('4 lines and 4 columns found.').count()).toBe(1);
    await screenshot(page, 'send-02-import-clipboard');
    await expectAccessible(page, 'the send wizard, import step');
    // The step buttons work from the keyboard alone: Tab to them, Enter to press.
    await tabTo(page, 'Continue');
    await page.keyboard.press('Enter');

    // 3. Mapping: matched by header names; an unmapped field is refused with the spec's message.
    await page.getByRole('heading', { name: 'Match your columns' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Certificate field for Email' }).inputValue()).toBe('Email address');
    expect(await page.getByRole('combobox', { name: 'Certificate field for Course' }).inputValue()).toBe('Course');
    await mapColumn(page, 'Course', 'None');
    await page.getByRole('button', { name: 'Continue to preview' }).click();
    await expect.poll(() => page.getByText('Please map all data fields on cert to continue.').count()).toBe(1);
    await screenshot(page, 'send-03-mapping-error');
    await mapColumn(page, 'Course', 'Course');
    await screenshot(page, 'send-04-mapping');
    await expectAccessible(page, 'the send wizard, mapping step');
    await tabTo(page, 'Continue to preview');
    await page.keyboard.press('Enter');

    // The premium account is offered to save the mapping; Back returns to the first view.
    const dialog = page.getByRole('dialog', { name: 'Save this mapping for next time?' });
    await dialog.waitFor();
    await screenshot(page, 'send-05-mapping-save-offer');
    await dialog.getByRole('button', { name: 'Save mapping' }).click();
    await page.getByRole('dialog', { name: 'Save mapping' }).getByLabel('Mapping name').fill('Sailing school export');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // 4. Preview: the three rows, the add dialog's 'Required', this row's certificate and email.
    await page.getByRole('heading', { name: 'Send Certificates', exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Recipients' });
    await expect.poll(() => table.getByRole('row').count()).toBe(4);
    await screenshot(page, 'send-06-preview');
    await expectAccessible(page, 'the send wizard, preview step');
    await page.getByRole('button', { name: 'Add recipient' }).click();
    await page.getByRole('dialog', { name: 'Add recipient' }).getByRole('button', { name: 'Add recipient' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Add recipient' }).getByText('Required').count()).toBe(3);
    await screenshot(page, 'send-07-add-required');
    await page.getByRole('dialog', { name: 'Add recipient' }).getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'View certificate of Zoë Okafor' }).click();
    const image = page.getByRole('img', { name: 'Certificate for Zoë Okafor' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
    await screenshot(page, 'send-08-view-certificate');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'View email to José Ñúñez' }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Email to José Ñúñez' });
    await expect.poll(() => emailDialog.getByRole('table', { name: 'Message headers' }).textContent()).toContain('jose.nunez@example.com');
    await expect
      .poll(() => emailDialog.getByTestId('email-preview-message').getByText('José', { exact: false }).count())
      .toBeGreaterThan(0);
    await screenshot(page, 'send-09-view-email');
    await page.keyboard.press('Escape');

    // 5. Save: a taken title is refused on the field, then the project is saved.
    await page.getByRole('button', { name: 'Save project' }).click();
    await page.getByLabel('Project title').fill('summer crew');
    await page.getByLabel('Memo').fill('July cohort, Falmouth');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect.poll(() => page.getByText('Project title must be unique.').count()).toBe(1);
    await screenshot(page, 'send-10-save-title-taken');
    await page.getByLabel('Project title').fill('Summer crew 2026');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/send\/\d+\/send$/);
    const projectId = Number(/\/send\/(\d+)\/send$/.exec(page.url())![1]);

    // 6. Send: the sender name is required, then live progress until all three are sent.
    const send = page.getByRole('button', { name: 'Send 3 certificates' });
    await send.waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Project recipients' }).getByText('UNSENT').count()).toBe(3);
    await screenshot(page, 'send-11-send');
    await expectAccessible(page, 'the send wizard, send step');
    // The account's name is offered as the sender; an empty one is refused with the spec's message.
    const sender = page.getByLabel('Sender name');
    await expect.poll(() => sender.inputValue()).toBe('Harbour Sailing School');
    await sender.fill('');
    await send.click();
    await expect.poll(() => page.getByText('Please fill out the Sender Name field.').count()).toBe(1);
    await sender.fill('Harbour Sailing School');
    await send.click();
    await page.getByRole('dialog', { name: 'Send 3 certificates now?' }).getByRole('button', { name: 'Send now' }).click();
    await page.getByTestId('delivery-progress').waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'All 3 certificates were sent' }).count(), { timeout: 60_000 }).toBe(1);
    expect(await page.getByRole('group', { name: 'Sent: 3' }).count()).toBe(1);
    expect(await page.getByRole('group', { name: 'Failed: 0' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('table', { name: 'Project recipients' }).getByText('SENT', { exact: true }).count()).toBe(3);
    expect(await page.getByRole('link', { name: 'View sent status' }).getAttribute('href')).toBe(`/store/history/${projectId}`);
    await screenshot(page, 'send-12-sent');

    // The recipient's email leads to their certificate, whose PDF holds their name.
    const mail = await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes('zoe.okafor@example.com'));
    expect(mail.from?.text).toContain('Harbour Sailing School');
    const link = /http:\/\/localhost:\d+\/c\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
    await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes('asa.lindqvist@example.com'));
    await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes('jose.nunez@example.com'));
    const recipientPage = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await recipientPage.goto(link);
    await expect.poll(() => recipientPage.getByTestId('recipient-name').textContent()).toBe('Zoë Okafor');
    await screenshot(recipientPage, 'send-13-recipient-certificate');
    const pdfUrl = await recipientPage.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
    const pdf = await recipientPage.request.get(new URL(pdfUrl!, journey.server.baseUrl).toString());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-q', '-', '-'], { input: await pdf.body() }).toString();
    expect(text).toContain('Zoë Okafor');
    expect(text).toContain('for completing Coastal Skipper');

    // The saved mapping is offered next time, and a saved project reopens on its progress.
    await page.goto(`${journey.server.baseUrl}/send/${projectId}/send`);
    await page.getByRole('heading', { name: 'All 3 certificates were sent' }).waitFor();
    await page.context().close();
    await recipientPage.context().close();
  });

  it('greys out the rows beyond the account’s credits and explains how to get more', async () => {
    const page = await signIn(SMALL);
    await pasteRows(page, 'Dinghy Sailing', false);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue to preview' }).click();
    await page.getByRole('heading', { name: 'Send Certificates', exact: true }).waitFor();
    const notice = page.getByTestId('credits-short');
    await expect.poll(() => notice.textContent()).toContain('2 more credits needed');
    expect(await notice.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/account/subscription');
    const rows = page.getByRole('table', { name: 'Recipients' }).locator('tbody tr');
    expect(await rows.nth(0).getAttribute('data-allowed')).toBe('true');
    expect(await rows.nth(1).getAttribute('data-allowed')).toBe('false');
    expect(await page.getByRole('button', { name: 'Edit José Ñúñez' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Edit Zoë Okafor' }).isDisabled()).toBe(false);
    await screenshot(page, 'send-20-credits-short');

    // Sending more than the credits allow: the server's message stays, and the purchase page opens.
    await page.getByRole('button', { name: 'Save project' }).click();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/send\/\d+\/send$/);
    await page.getByLabel('Sender name').fill('Little Dinghy Club');
    await page.getByRole('button', { name: 'Send 3 certificates' }).click();
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.waitForURL(/\/account\/subscription$/);
    await expect.poll(() => page.getByText('You must purchase 2 more credits to continue.').count()).toBe(1);
    await screenshot(page, 'send-21-credits-redirect');
    await page.context().close();
  });

  it('works at phone width', async () => {
    const page = await signIn(OWNER, { width: 390, height: 844 });
    await page.goto(`${journey.server.baseUrl}/send`);
    await expect.poll(() => page.getByTestId('send-certificate').count()).toBe(3);
    await screenshot(page, 'send-30-mobile-select');
    await pasteRows(page, 'Night Navigation', false);
    await screenshot(page, 'send-31-mobile-import');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Match your columns' }).waitFor();
    await screenshot(page, 'send-32-mobile-mapping');
    // The saved mapping from the first test is offered here and applies to the same columns.
    await page.getByRole('combobox', { name: 'Saved mapping' }).click();
    await page.getByRole('option', { name: 'Sailing school export' }).click();
    await page.getByRole('button', { name: 'Continue to preview' }).click();
    await page.getByRole('heading', { name: 'Send Certificates', exact: true }).waitFor();
    await screenshot(page, 'send-33-mobile-preview');
    await page.getByRole('button', { name: 'Save project' }).click();
    await page.getByLabel('Project title').waitFor();
    await screenshot(page, 'send-34-mobile-save');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/send\/\d+\/send$/);
    await page.getByRole('button', { name: 'Send 3 certificates' }).waitFor();
    await screenshot(page, 'send-35-mobile-send');
    await page.context().close();
  });

  it('imports a semicolon CSV through the separator dialog, an Excel workbook, and typed rows', async () => {
    const page = await signIn(SMALL);
    await page.goto(`${journey.server.baseUrl}/send`);
    await page.getByRole('button', { name: 'Send Dinghy Sailing' }).click();
    await page.getByRole('tab', { name: 'Upload a file' }).click();
    await screenshot(page, 'send-40-upload');

    const csv = Buffer.from(
      '\ufeffPrénom;Nom;E-mail;Course\nChloé;Dubois;chloe@example.com;Optimist\nSøren;Kierkegaard;soren@example.com;Laser\n',
    );
    await page.locator('input[type=file]').setInputFiles({ name: 'club export.csv', mimeType: 'text/csv', buffer: csv });
    const separator = page.getByRole('dialog', { name: 'How are the columns separated?' });
    await separator.waitFor();
    expect(await separator.getByRole('radio', { name: 'Semicolon ( ; )' }).isChecked()).toBe(true);
    await expect.poll(() => separator.getByRole('table', { name: 'File preview' }).textContent()).toContain('Kierkegaard');
    await screenshot(page, 'send-41-separator');
    await separator.getByRole('button', { name: 'Import file' }).click();
    await page.getByRole('heading', { name: 'Match your columns' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Certificate field for Prénom' }).inputValue()).toBe('First name');
    expect(await page.getByRole('combobox', { name: 'Certificate field for E-mail' }).inputValue()).toBe('Email address');
    expect(await page.getByText('2 recipients found in club export.csv').count()).toBe(1);
    await page.getByRole('button', { name: 'Back' }).click();

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Crew');
    sheet.addRow(['Name', 'Email', 'Course']);
    sheet.addRow(['Mary Ann Smith', 'mary@example.com', 'Topper']);
    await page.getByRole('tab', { name: 'Upload a file' }).click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'crew.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    await page.getByRole('heading', { name: 'Match your columns' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Certificate field for Name' }).inputValue()).toBe('Full name');
    await page.getByRole('button', { name: 'Continue to preview' }).click();
    // A combined name fills first and last name, split at the last space.
    await expect.poll(() => page.getByRole('table', { name: 'Recipients' }).textContent()).toContain('Mary Ann Smith');
    await page.getByRole('button', { name: 'Edit Mary Ann Smith' }).click();
    expect(await page.getByRole('dialog', { name: 'Edit recipient' }).getByLabel('Last name').inputValue()).toBe('Smith');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Back to columns' }).click();
    await page.getByRole('button', { name: 'Back', exact: true }).click();

    await page.getByRole('tab', { name: 'Type them in' }).click();
    await page.getByLabel('First name, row 1').fill('Ida');
    await page.getByLabel('Email address, row 1').fill('ida-at-example.com');
    await page.getByRole('button', { name: 'Continue to preview' }).click();
    await expect.poll(() => page.getByText('All fields must have data', { exact: true }).count()).toBeGreaterThan(0);
    await page.getByLabel('Last name, row 1').fill('Pfeiffer');
    await page.getByLabel('Course, row 1').fill('Pico');
    await page.getByRole('button', { name: 'Continue to preview' }).click();
    await expect.poll(() => page.getByText('Please enter a valid email address.').count()).toBeGreaterThan(0);
    await screenshot(page, 'send-42-manual-errors');
    await page.getByLabel('Email address, row 1').fill('ida@example.com');
    await page.getByRole('button', { name: 'Continue to preview' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Recipients' }).textContent()).toContain('Ida Pfeiffer');
    await screenshot(page, 'send-43-manual-preview');
    await page.context().close();
  });

  it('leads an account without certificates to the builder', async () => {
    const page = await signIn(EMPTY);
    await page.goto(`${journey.server.baseUrl}/send`);
    await page.getByRole('heading', { name: 'Design a certificate to send' }).waitFor();
    expect(await page.getByRole('link', { name: 'Design a certificate' }).getAttribute('href')).toBe('/build');
    await screenshot(page, 'send-44-empty');
    await page.context().close();
  });

  it('lets a sub-user who cannot buy credits ask the account admin for them', async () => {
    const page = await signIn(SUB);
    await pasteRows(page, 'Dinghy Sailing', false);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue to preview' }).click();
    const notice = page.getByTestId('credits-short');
    await notice.waitFor();
    expect(await notice.getByRole('link', { name: 'Buy credits' }).count()).toBe(0);
    await notice.getByRole('button', { name: 'Request credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request credits' });
    expect(await dialog.getByLabel('Credits needed').inputValue()).toBe('2');
    await screenshot(page, 'send-45-request-credits');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.getByText(`Your request was emailed to ${SMALL}.`).count()).toBe(1);
    const mail = await journey.server.smtp!.waitFor(
      (m) => JSON.stringify(m.to).includes(SMALL) && (m.subject ?? '').includes('more credits requested'),
    );
    expect(mail.text).toContain('Sam Sender (sender@little-dinghy.example) asks for 2 more credits');
    await page.context().close();
  });
});
