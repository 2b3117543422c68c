import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../apps/server/src/db/schema.ts';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, PASSWORD, signIn as signInPage } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';
import { ADMIN } from './helpers/server.ts';

const OWNER = 'owner@harbour.example';
const NEWCOMER = 'newcomer@quay.example';

let summerId: number;
let ownerToken: string;
let skipperSetId: number;

const journey = useJourney();
beforeAll(async () => {
  // A premium account (exports are for paid plans) and a fresh one with nothing sent yet.
  const { token, sets } = await createIssuer(journey.server, {
    email: OWNER,
    account: { name: 'Harbour Academy', url: 'harbour', allowed_sets: 3, plan: 'basic-monthly-3' },
    credits: 50,
    admin: { first_name: 'Olivia', last_name: 'Owner' },
    sets: ['Coastal Skipper'],
  });
  await createIssuer(journey.server, {
    email: NEWCOMER,
    account: { name: 'Quay School', url: 'quay' },
    admin: { first_name: 'Nina', last_name: 'New' },
  });
  const call = apiOf(journey.server);
  const set = sets[0]!;
  ownerToken = token;
  skipperSetId = set.id;
  const crew = [
    { FIRST_NAME: 'Zoë', LAST_NAME: 'Okafor', 'Email Address': 'zoe@example.com', COURSE: 'Coastal Skipper' },
    { FIRST_NAME: 'José', LAST_NAME: 'Núñez', 'Email Address': 'jose@example.com', COURSE: 'Day Skipper' },
    { FIRST_NAME: 'Åsa', LAST_NAME: 'Lindqvist', 'Email Address': 'asa@example.com', COURSE: 'Coastal Skipper' },
  ];
  const summer = await call(token, 'POST', '/api/projects', {
    title: 'Summer crew',
    key: 'July intake',
    certificate_id: set.id,
    recipients: crew,
  });
  summerId = summer.id;
  await call(token, 'POST', '/api/projects', {
    title: 'Autumn crew',
    certificate_id: set.id,
    recipients: [{ FIRST_NAME: 'Kai', LAST_NAME: 'Keel', 'Email Address': 'kai@example.com', COURSE: 'Navigation' }],
  });
  await call(token, 'POST', `/api/projects/${summerId}/send-emails`, { sender_name: 'Harbour Academy' });
  for (let i = 0; !(await call(token, 'GET', `/api/projects/${summerId}/progress`)).finished; i++) {
    if (i > 600) throw new Error('the send did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Zoë opens her certificate from the email.
  const zoe = (await call(token, 'GET', `/api/recipients?project_id=${summerId}&like=okafor`)).recipients[0];
  // The link reaches her only by email; the test reads it from the database.
  const [row] = await journey.server.laurel.context.db
    .select({ token: recipients.token })
    .from(recipients)
    .where(eq(recipients.id, zoe.id));
  await call(null, 'GET', `/api/c/${row!.token}`);
});

const signIn = (email: string, password = PASSWORD, viewport = { width: 1360, height: 900 }) =>
  signInPage(journey.browser, journey.server, email, { password, viewport });

/** Drawers and dialogs sit on the viewport: shoot it once their entrance transition has come to rest. */
async function overlayShot(page: Page, overlay: Locator, name: string) {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await overlay.boundingBox());
        const still = box === last;
        last = box;
        return still;
      },
      { interval: 200 },
    )
    .toBe(true);
  await screenshot(page, name, { fullPage: false });
}

const rowOf = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

describe('the store', () => {
  it('lists projects with their counters, searches them and saves a memo inline', async () => {
    const page = await signIn(OWNER);
    await page.goto(`${journey.server.baseUrl}/store`);
    const summer = rowOf(page, 'Projects', 'Summer crew');
    await summer.waitFor();
    expect(await summer.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['3', 'July intake']));
    await expect.poll(() => page.getByRole('table', { name: 'Projects' }).getByRole('row').count()).toBe(3);
    await screenshot(page, 'store-projects');
    await expectAccessible(page, 'the store');

    await page.getByLabel('Search projects').fill('autumn');
    await expect.poll(() => page.getByRole('table', { name: 'Projects' }).getByRole('row').count()).toBe(2);
    expect(page.url()).toContain('q=autumn');
    await page.getByLabel('Search projects').fill('nothing like this');
    await page.getByText('No project matches “nothing like this”').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await rowOf(page, 'Projects', 'Summer crew').waitFor();

    await rowOf(page, 'Projects', 'Summer crew').getByRole('button', { name: 'Edit memo' }).click();
    const memo = page.getByRole('textbox', { name: 'Memo' });
    await memo.fill('July intake, harbour B');
    await memo.press('Enter');
    await page.getByText('Memo saved').waitFor();
    await rowOf(page, 'Projects', 'July intake, harbour B').waitFor();

    // A title another project has is refused with the spec's message, and the field stays open.
    await rowOf(page, 'Projects', 'Summer crew').getByRole('button', { name: 'Edit title' }).click();
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Autumn crew');
    await title.press('Enter');
    await page.getByText('Project title must be unique.').waitFor();
    await title.press('Escape');
    await screenshot(page, 'store-projects-edited');
    await page.context().close();
  });

  it('opens a project, shows a recipient’s certificate and history, adds and sends a recipient', async () => {
    const page = await signIn(OWNER);
    await page.goto(`${journey.server.baseUrl}/store`);
    await page.getByRole('link', { name: 'Summer crew' }).click();
    await page.waitForURL(`**/store/projects/${summerId}`);
    const zoe = rowOf(page, 'Recipients', 'Zoë Okafor');
    await zoe.waitFor();
    expect(await zoe.getByText('Sent', { exact: true }).filter({ visible: true }).count()).toBe(1);
    await page.getByTestId('count-opened').filter({ hasText: '1' }).waitFor();
    await screenshot(page, 'store-project');
    await expectAccessible(page, 'the project page');

    await zoe.getByRole('button', { name: 'Actions for Zoë Okafor' }).click();
    await page.getByRole('menuitem', { name: 'View certificate' }).click();
    const image = page.getByRole('dialog', { name: 'Certificate of Zoë Okafor' }).getByTestId('recipient-certificate-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
    const pdfHref = await page.getByRole('link', { name: 'Open PDF' }).getAttribute('href');
    const pdf = await page.request.get(`${journey.server.baseUrl}${pdfHref}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await overlayShot(page, page.getByRole('dialog', { name: 'Certificate of Zoë Okafor' }), 'store-certificate');
    await page.keyboard.press('Escape');

    await zoe.getByRole('button', { name: 'Zoë Okafor', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Recipient' });
    const history = drawer.getByLabel('Delivery history');
    await history.getByText('Opened the certificate').waitFor();
    for (const step of ['Queued for sending', 'Sending', 'Delivered'])
      expect(await history.getByText(step, { exact: true }).count()).toBe(1);
    await drawer.getByTestId('recipient-certificate-image').waitFor();
    await overlayShot(page, drawer, 'store-recipient-history');
    await page.keyboard.press('Escape');

    // Correct a recipient's data field, then revoke another's certificate.
    await rowOf(page, 'Recipients', 'José Núñez').getByRole('button', { name: 'Actions for José Núñez' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit recipient' });
    await edit.getByLabel('Course').fill('Yachtmaster Offshore');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Record saved').waitFor();
    await rowOf(page, 'Recipients', 'Åsa Lindqvist').getByRole('button', { name: 'Actions for Åsa Lindqvist' }).click();
    await page.getByRole('menuitem', { name: 'Revoke' }).click();
    // The issuer may say why: the certificate's page shows it after the date.
    const revoke = page.getByRole('dialog', { name: 'Revoke this certificate?' });
    await revoke.getByLabel('Reason').fill('Course requirements not met');
    await overlayShot(page, revoke, 'store-revoke-reason');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Certificate revoked').waitFor();
    await rowOf(page, 'Recipients', 'Åsa Lindqvist').getByText('Revoked').filter({ visible: true }).waitFor();
    await rowOf(page, 'Recipients', 'Åsa Lindqvist').getByRole('button', { name: 'Åsa Lindqvist', exact: true }).click();
    const revokedDrawer = page.getByRole('dialog', { name: 'Recipient' });
    // Beside the date, and in the history with the revocation.
    await revokedDrawer.getByText('Course requirements not met').first().waitFor();
    expect(await revokedDrawer.getByText('Course requirements not met').count()).toBe(2);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add recipients' }).click();
    const add = page.getByRole('dialog', { name: 'Add recipients' });
    await add.getByLabel('First name').fill('Ines');
    await add.getByLabel('Last name').fill('Ferreira');
    await add.getByLabel('Email').fill('ines@example');
    await add.getByLabel('Course').fill('Coastal Skipper');
    await add.getByRole('button', { name: 'Add recipient' }).click();
    await add.getByText('Invalid email format').waitFor();
    await add.getByLabel('Email').fill('ines@example.com');
    await add.getByRole('button', { name: 'Add recipient' }).click();
    await page.getByText('Recipient added').waitFor();

    await page.getByRole('button', { name: 'Send to 1 unsent' }).click();
    const send = page.getByRole('dialog', { name: 'Send to unsent recipients' });
    expect(await send.getByLabel('Sender name').inputValue()).toBe('Harbour Academy');
    await send.getByRole('button', { name: 'Send to 1' }).click();
    await page.getByText('Emails sent').waitFor();
    await expect
      .poll(() => rowOf(page, 'Recipients', 'Ines Ferreira').getByText('Sent', { exact: true }).filter({ visible: true }).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await page.context().close();
  });

  it('prints the chosen recipients’ certificates as one PDF in a new window', async () => {
    const page = await signIn(OWNER);
    await page.goto(`${journey.server.baseUrl}/store/projects/${summerId}`);
    await rowOf(page, 'Recipients', 'Zoë Okafor').getByRole('checkbox', { name: 'Select Zoë Okafor' }).check();
    // Revoked certificates are printed too: the issuer decides whom to hand one.
    await rowOf(page, 'Recipients', 'Åsa Lindqvist').getByRole('checkbox', { name: 'Select Åsa Lindqvist' }).check();
    await page.getByText('2 selected').waitFor();
    await screenshot(page, 'store-print-selection');

    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Print certificates' }).click()]);
    await popup.waitForURL(/\/api\/projects\/\d+\/print-pdfs\?type=stream&rid/);
    // The window carries no session: the signed address alone opens the file.
    const pdf = await page.context().request.get(popup.url());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-q', '-', '-'], { input: await pdf.body() }).toString();
    expect(text.indexOf('Åsa Lindqvist')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Zoë Okafor')).toBeGreaterThan(text.indexOf('Åsa Lindqvist'));
    for (const absent of ['José Núñez', 'Ines Ferreira']) expect(text).not.toContain(absent);
    await popup.close();

    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect.poll(() => page.getByText('2 selected').count()).toBe(0);
    await page.context().close();
  });

  it('follows a delivery on its sent-status page and picks the columns', async () => {
    const page = await signIn(OWNER);
    await page.goto(`${journey.server.baseUrl}/store/history`);
    await rowOf(page, 'Email history', 'Summer crew').waitFor();
    // Newest created first.
    const titles = await page.getByRole('table', { name: 'Email history' }).getByRole('link').allInnerTexts();
    expect(titles).toEqual(['Autumn crew', 'Summer crew']);
    await screenshot(page, 'store-history');

    await page.getByRole('link', { name: 'Summer crew' }).click();
    await page.getByTestId('delivery-finished').waitFor();
    await expect.poll(() => page.getByTestId('count-sent').innerText()).toBe('4');
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Certificate number' }).check();
    await page.getByRole('checkbox', { name: 'Course' }).check();
    await page.keyboard.press('Escape');
    const headers = await page.getByRole('table', { name: 'Sent status' }).getByRole('columnheader').allInnerTexts();
    expect(headers.slice(0, 7)).toEqual(['Name', 'Email', 'Certificate number', 'Status', 'Sent', 'Opened', 'Course']);
    await screenshot(page, 'store-sent-status');
    await page.context().close();
  });

  it('lists recipients as people with every certificate they received, and finds them in the global search', async () => {
    const page = await signIn(OWNER);
    await page.goto(`${journey.server.baseUrl}/store/recipients`);
    await rowOf(page, 'People', 'zoe@example.com').waitFor();
    await screenshot(page, 'store-recipients');
    await page.getByRole('button', { name: 'Zoë Okafor', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Recipient' });
    await drawer.getByText('Summer crew').waitFor();
    await drawer.getByText('Opened the certificate').waitFor();
    await overlayShot(page, drawer, 'store-recipient-person');
    await page.keyboard.press('Escape');

    await page.goto(`${journey.server.baseUrl}/store/search`);
    await page.getByText('5 certificates').waitFor();
    await page.getByRole('combobox', { name: 'Project' }).fill('summer');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Sent, not opened' }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('3 certificates').waitFor();
    const names = await page
      .getByRole('table', { name: 'Search results' })
      .getByRole('button', { name: /^(Ines Ferreira|José Núñez|Åsa Lindqvist|Zoë Okafor)$/ })
      .allInnerTexts();
    expect(names.sort()).toEqual(['Ines Ferreira', 'José Núñez', 'Åsa Lindqvist']);
    await screenshot(page, 'store-search');
    await page.context().close();
  });

  it('exports a project and mails the link, which the super-admin finds in the outbox', async () => {
    const page = await signIn(OWNER);
    await page.goto(`${journey.server.baseUrl}/store/projects/${summerId}`);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Export recipients' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export recipients' });
    await dialog.getByText('4 recipients will be exported.').waitFor();
    await overlayShot(page, dialog, 'store-export-dialog');
    await dialog.getByRole('button', { name: 'Start export' }).click();
    await page.getByText('Export started').waitFor();
    await page.getByText(`We will email a download link to ${OWNER} in about 3 minutes.`).waitFor();
    await page.context().close();

    const admin = await signIn(ADMIN.email, ADMIN.password);
    await admin.goto(`${journey.server.baseUrl}/admin/outbox`);
    const subject = admin.getByRole('link', { name: 'Your export is ready: Summer crew' });
    await expect
      .poll(
        async () => {
          await admin.reload();
          // Count once the list has loaded: a reload shows the page before its rows.
          await admin.getByRole('table', { name: 'Outbox messages' }).waitFor();
          return subject.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await subject.click();
    await admin.getByRole('tab', { name: 'Text' }).click();
    const text = await admin.getByTestId('outbox-text').innerText();
    await screenshot(admin, 'store-export-mail');
    const link = /http:\/\/localhost:\d+\/api\/exports\/\S+/.exec(text)![0];
    const file = await admin.request.get(link);
    expect(file.status()).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file.body()) as unknown as ExcelJS.Buffer);
    const names: string[] = [];
    workbook.worksheets[0]!.eachRow((row, index) => {
      if (index > 1) names.push(`${row.getCell(4).text} ${row.getCell(5).text}`);
    });
    expect(names.sort()).toEqual(['Ines Ferreira', 'José Núñez', 'Zoë Okafor', 'Åsa Lindqvist']);
    await admin.context().close();
  });

  it('reads well on a phone, and shows a new account where to start', async () => {
    const phone = await signIn(OWNER, PASSWORD, { width: 390, height: 844 });
    await phone.goto(`${journey.server.baseUrl}/store`);
    await rowOf(phone, 'Projects', 'Summer crew').waitFor();
    await screenshot(phone, 'store-projects-mobile');
    await phone.goto(`${journey.server.baseUrl}/store/projects/${summerId}`);
    await rowOf(phone, 'Recipients', 'Zoë Okafor').waitFor();
    await screenshot(phone, 'store-project-mobile');
    await phone.goto(`${journey.server.baseUrl}/store/history/${summerId}`);
    await phone.getByTestId('delivery-finished').waitFor();
    await screenshot(phone, 'store-sent-status-mobile');
    await phone.goto(`${journey.server.baseUrl}/store/search`);
    await phone.getByText('5 certificates').waitFor();
    await screenshot(phone, 'store-search-mobile');
    await phone.context().close();

    const fresh = await signIn(NEWCOMER);
    await fresh.goto(`${journey.server.baseUrl}/store`);
    await fresh.getByText('No projects yet').waitFor();
    await screenshot(fresh, 'store-empty');
    await fresh.goto(`${journey.server.baseUrl}/store/projects/${summerId}`);
    await fresh.getByText('Project not found').waitFor();
    await screenshot(fresh, 'store-not-found');
    await fresh.context().close();
  });

  it('adds recipients to a saved project from a file with the project’s columns', async () => {
    // Saved from the club's export, as the wizard keeps it: each column title and the field it filled.
    const club = await apiOf(journey.server)(ownerToken, 'POST', '/api/projects', {
      title: 'Club list',
      certificate_id: skipperSetId,
      filename: 'club.csv',
      mapping: { Prénom: 'FIRST_NAME', Nom: 'LAST_NAME', Courriel: 'Email Address', Formation: 'COURSE' },
      recipients: [{ FIRST_NAME: 'Kai', LAST_NAME: 'Keel', 'Email Address': 'kai.keel@example.com', COURSE: 'Navigation' }],
    });
    const page = await signIn(OWNER);
    await page.goto(`${journey.server.baseUrl}/store/projects/${club.id}`);
    await rowOf(page, 'Recipients', 'Kai Keel').waitFor();
    await page.getByRole('button', { name: 'Add recipients' }).click();
    const add = page.getByRole('dialog', { name: 'Add recipients' });
    await add.getByText('Columns: “Prénom”, “Nom”, “Courriel”, “Formation”, in any order.').waitFor();
    const file = add.locator('input[type=file]');
    const csv = (lines: string[]) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`)]);
    const separator = page.getByRole('dialog', { name: 'How are the columns separated?' });

    await file.setInputFiles({
      name: 'renamed.csv',
      mimeType: 'text/csv',
      buffer: csv(['Prénom;Nom;Mail;Formation', 'Léa;Dubois;lea@example.com;Day Skipper']),
    });
    await separator.getByRole('radio', { name: 'Semicolon ( ; )' }).check();
    await separator.getByRole('button', { name: 'Import file' }).click();
    await add.getByText(`The file's columns must match the project's: missing "Courriel"; unexpected "Mail".`).waitFor();
    await add.getByText('renamed.csv could not be imported').waitFor();
    await overlayShot(page, add, 'store-add-import-refused');

    await file.setInputFiles({
      name: 'crew.csv',
      mimeType: 'text/csv',
      buffer: csv(['courriel;prénom;NOM;Formation', 'lea@example.com;Léa;Dubois;Day Skipper', 'bjorn@example.com;Björn;Ångström;']),
    });
    await separator.getByRole('button', { name: 'Import file' }).click();
    await add.getByText('2 recipients read from crew.csv').waitFor();
    expect(await add.getByLabel('First name').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
      'Léa',
      'Björn',
    ]);
    // Björn's course is empty in the file: the dialog asks for it before anything is sent.
    await add.getByRole('button', { name: 'Add 2 recipients' }).click();
    await add.getByText('1 recipient needs a correction').waitFor();
    await overlayShot(page, add, 'store-add-imported');
    await add.getByLabel('Course').nth(1).fill('Coastal Skipper');
    await add.getByRole('button', { name: 'Add 2 recipients' }).click();
    await page.getByText('2 recipients added').waitFor();
    await rowOf(page, 'Recipients', 'Léa Dubois').waitFor();
    await rowOf(page, 'Recipients', 'Björn Ångström').waitFor();
    await page.context().close();
  });
});
