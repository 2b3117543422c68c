import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

const OWNER = 'owner@lotus-harbour.example';

/**
 * A list as people really keep one: whole names in one column (one of them Chinese, written family
 * name first), a half-typed address, a row without any, and the same person pasted twice.
 */
const PASTED = [
  ['Name', 'Email', 'Course'],
  ['Zoë Ångström', 'zoe@example.com', 'Coastal Skipper'],
  ['王小明', 'wang.xiaoming@example.com', 'Coastal Skipper'],
  ['Ada Lovelace', 'not-an-email@', 'Day Skipper'],
  ['Alan Turing', '', 'Day Skipper'],
  ['Mary Ann Smith', 'mary@example.com', 'Competent Crew'],
  ['Zoë Ångström', 'ZOE@example.com', 'Coastal Skipper'],
]
  .map((row) => row.join('\t'))
  .join('\n');

let token: string;

const journey = useJourney({ smtp: true });
beforeAll(async () => {
  ({ token } = await createIssuer(journey.server, {
    email: OWNER,
    account: { name: 'Lotus Harbour Sailing', url: 'lotus-harbour', allowed_sets: 3 },
    credits: 20,
    admin: { first_name: 'Mei', last_name: 'Lin' },
    sets: ['Harbour Certificate'],
  }));
});

/** Choose the certificate, paste the list, keep the matched columns, and land on the preview. */
async function pasteToPreview(page: Page) {
  await page.goto(`${journey.server.baseUrl}/send`);
  await page.getByRole('button', { name: 'Send Harbour Certificate' }).click();
  await page.getByLabel('Spreadsheet rows').fill(PASTED);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { name: 'Match your columns' }).waitFor();
  // A column holding whole names is matched to the full name, which fills first and last name.
  expect(await page.getByRole('combobox', { name: 'Certificate field for Name' }).inputValue()).toBe('Full name');
  await page.getByRole('button', { name: 'Continue to preview' }).click();
  await page.getByRole('heading', { name: 'Send Certificates', exact: true }).waitFor();
}

const problems = (page: Page) => page.getByRole('list', { name: /need your attention|needs your attention|Every row is ready/ });
const recipients = (page: Page) => page.getByRole('table', { name: 'Recipients' });

describe('importing a list with problem rows', () => {
  it('shows every bad row to fix or leave out, keeps it all through Back, Next and a reload, and sends only the good rows', async () => {
    const page = await signIn(journey.browser, journey.server, OWNER);
    // A reload with a list in hand asks the browser's "leave?" question; the list must survive it.
    page.on('dialog', (dialog) => void dialog.accept());
    await pasteToPreview(page);

    // Nothing blocked the import: three rows are listed with their reasons, the good three are ready.
    await expect.poll(() => problems(page).getByRole('listitem').count()).toBe(3);
    await page.getByRole('heading', { name: '3 rows need your attention' }).waitFor();
    const row3 = problems(page).getByRole('listitem', { name: 'Row 3' });
    expect(await row3.textContent()).toContain('Invalid email format: not-an-email@');
    expect(await problems(page).getByRole('listitem', { name: 'Row 4' }).textContent()).toContain('Missing email address');
    expect(await problems(page).getByRole('listitem', { name: 'Row 6' }).textContent()).toContain('Same as row 1');
    await expect.poll(() => recipients(page).locator('tbody tr').count()).toBe(3);
    // The Chinese name stays whole and in its order.
    expect(await recipients(page).textContent()).toContain('王小明');
    expect(await recipients(page).textContent()).not.toContain('小明 王');
    await screenshot(page, 'import-problems-01-preview');

    // Fixing the cell makes the row good at once; the other two are left out.
    await page.getByLabel('Email address, row 3').fill('ada@example.com');
    await expect.poll(() => row3.textContent()).toContain('Fixed');
    await expect.poll(() => recipients(page).locator('tbody tr').count()).toBe(4);
    await page.getByRole('button', { name: 'Leave out row 4' }).click();
    await page.getByRole('button', { name: 'Leave out row 6' }).click();
    await expect.poll(() => page.getByTestId('left-out-count').textContent()).toBe('2 rows left out');
    expect(await page.getByRole('list', { name: 'Left out (2)' }).getByRole('listitem').count()).toBe(2);
    await screenshot(page, 'import-problems-02-fixed-and-left-out');

    // Back to the columns, back to the pasted text, and forward again: nothing was forgotten.
    await page.getByRole('button', { name: 'Back to columns' }).click();
    await page.getByRole('heading', { name: 'Match your columns' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Certificate field for Name' }).inputValue()).toBe('Full name');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    expect(await page.getByLabel('Spreadsheet rows').inputValue()).toBe(PASTED);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Continue to preview' }).click();
    await page.getByRole('heading', { name: 'Send Certificates', exact: true }).waitFor();
    expect(await recipients(page).textContent()).toContain('ada@example.com');
    expect(await page.getByTestId('left-out-count').textContent()).toBe('2 rows left out');

    // A reload finds the wizard where it was.
    await page.reload();
    await page.getByRole('heading', { name: 'Send Certificates', exact: true }).waitFor();
    await expect.poll(() => recipients(page).locator('tbody tr').count()).toBe(4);
    expect(await recipients(page).textContent()).toContain('ada@example.com');
    expect(await page.getByTestId('left-out-count').textContent()).toBe('2 rows left out');

    // The count of rows left out is said before saving; only the four good rows are saved and sent.
    await page.getByRole('button', { name: 'Save project' }).click();
    await expect.poll(() => page.getByTestId('save-left-out').textContent()).toBe('2 rows left out, not saved');
    await screenshot(page, 'import-problems-03-save');
    await page.getByLabel('Project title').fill('Autumn crews');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/send\/\d+\/send$/);
    const projectId = Number(/\/send\/(\d+)\/send$/.exec(page.url())![1]);
    await page.getByRole('button', { name: 'Send 4 certificates' }).click();
    await page.getByRole('dialog', { name: 'Send 4 certificates now?' }).getByRole('button', { name: 'Send now' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'All 4 certificates were sent' }).count(), { timeout: 60_000 }).toBe(1);

    const saved = await apiOf(journey.server)(token, 'GET', `/api/recipients?project_id=${projectId}&limit=10&sort=email`);
    expect(saved.count).toBe(4);
    expect(
      saved.recipients.map((r: { first_name: string; last_name: string; email: string }) => [r.first_name, r.last_name, r.email]),
    ).toEqual([
      ['Ada', 'Lovelace', 'ada@example.com'],
      ['Mary Ann', 'Smith', 'mary@example.com'],
      ['王小明', '', 'wang.xiaoming@example.com'],
      ['Zoë', 'Ångström', 'zoe@example.com'],
    ]);

    // The sent project leaves no draft behind: the wizard opens empty for this certificate.
    await page.goBack();
    await page.getByLabel('Spreadsheet rows').waitFor();
    expect(await page.getByLabel('Spreadsheet rows').inputValue()).toBe('');

    // The Chinese name reads as written in the email, on the certificate page and in the PDF.
    const mail = await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes('wang.xiaoming@example.com'));
    expect(mail.text).toContain('王小明');
    expect(mail.text).not.toContain('小明 王');
    const link = /http:\/\/localhost:\d+\/c\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
    const recipientPage = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await recipientPage.goto(link);
    await expect.poll(() => recipientPage.getByTestId('recipient-name').textContent()).toBe('王小明');
    await screenshot(recipientPage, 'import-problems-04-certificate-page');
    const pdfUrl = await recipientPage.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
    const pdf = await recipientPage.request.get(new URL(pdfUrl!, journey.server.baseUrl).toString());
    const text = execFileSync('pdftotext', ['-q', '-', '-'], { input: await pdf.body() }).toString();
    expect(text).toContain('王小明');
    await recipientPage.context().close();
    await page.context().close();
  });

  it('works at phone width, and Start over discards the list', async () => {
    const page = await signIn(journey.browser, journey.server, OWNER, { viewport: { width: 390, height: 844 } });
    await pasteToPreview(page);
    await page.getByRole('heading', { name: '3 rows need your attention' }).waitFor();
    await screenshot(page, 'import-problems-10-mobile-problems');
    await page.getByLabel('Email address, row 3').fill('ada@example.com');
    await page.getByRole('button', { name: 'Leave out row 4' }).click();
    await expect.poll(() => page.getByTestId('left-out-count').textContent()).toBe('2 rows left out');
    await screenshot(page, 'import-problems-11-mobile-fixed');

    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('dialog', { name: 'Start over?' }).getByRole('button', { name: 'Start over' }).click();
    await page.getByLabel('Spreadsheet rows').waitFor();
    expect(await page.getByLabel('Spreadsheet rows').inputValue()).toBe('');
    await page.reload();
    await page.getByLabel('Spreadsheet rows').waitFor();
    expect(await page.getByLabel('Spreadsheet rows').inputValue()).toBe('');
    await page.context().close();
  });
});
