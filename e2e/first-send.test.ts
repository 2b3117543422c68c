import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser.ts';
import { apiOf, createIssuer, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

const OWNER = 'owner@riverside-academy.example';

/** What a spreadsheet puts on the clipboard: a header row, then tab-separated cells. */
const PASTED = [
  ['First name', 'Last name', 'Email', 'Course name', 'Date'],
  ['Maëlle', 'Dubois', 'maelle.dubois@example.com', 'Watercolour Foundations', 'June 12, 2026'],
  ['Kenji', 'Watanabe', 'kenji.watanabe@example.com', 'Watercolour Foundations', 'June 12, 2026'],
]
  .map((row) => row.join('\t'))
  .join('\n');

let token: string;

const journey = useJourney({ smtp: true });
beforeAll(async () => {
  ({ token } = await createIssuer(journey.server, {
    email: OWNER,
    account: { name: 'Riverside Art Academy', url: 'riverside-academy', allowed_sets: 3 },
    credits: 600,
    admin: { first_name: 'Ines', last_name: 'Rivera' },
  }));
});

describe('a new issuer’s first send', () => {
  it('goes from a template to the recipient’s PDF: design, paste, preview, save, send, follow, open, download', async () => {
    const page = await signIn(journey.browser, journey.server, OWNER, { clipboard: true });

    // Pick one of the product's templates and save it as the account's first certificate.
    await page.goto(`${journey.server.baseUrl}/build/new`);
    await page.getByRole('button', { name: 'Use Classic Achievement' }).click();
    await page.getByLabel('Certificate name').fill('Watercolour Foundations');
    await page.getByRole('button', { name: 'Edit certificate' }).click();
    await page.waitForURL(/\/build\/\d+$/);
    await page.getByText('Certificate of Achievement').first().waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = page.getByRole('dialog', { name: 'Certificate saved' });
    await saved.waitFor();
    await screenshot(page, 'first-send-01-saved');
    await saved.getByRole('button', { name: 'Import recipient data' }).click();

    // Paste two rows; the columns match the template's fields by their names.
    await page.waitForURL(/\/send\?c=\d+$/);
    await page.getByTestId('certificate-banner').getByText('Watercolour Foundations').waitFor();
    await page.evaluate((text) => navigator.clipboard.writeText(text), PASTED);
    await page.getByRole('button', { name: 'Paste from clipboard' }).click();
    await expect.poll(() => page.getByText('3 lines and 5 columns found.').count()).toBe(1);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Match your columns' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Certificate field for Course name' }).inputValue()).toBe('Course name');
    expect(await page.getByRole('combobox', { name: 'Certificate field for Date' }).inputValue()).toBe('Date');
    await screenshot(page, 'first-send-02-mapping');
    await page.getByRole('button', { name: 'Continue to preview' }).click();

    // Preview: both people, and the certificate one of them will get.
    const table = page.getByRole('table', { name: 'Recipients' });
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await page.getByRole('button', { name: 'View certificate of Maëlle Dubois' }).click();
    const image = page.getByRole('img', { name: 'Certificate for Maëlle Dubois' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(page, 'first-send-03-preview-certificate');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Save project' }).click();
    await page.getByLabel('Project title').fill('June watercolour class');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL(/\/send\/\d+\/send$/);

    // Send, and watch the progress reach both recipients without reloading.
    await page.getByRole('button', { name: 'Send 2 certificates' }).click();
    await page.getByRole('dialog', { name: 'Send 2 certificates now?' }).getByRole('button', { name: 'Send now' }).click();
    await page.getByTestId('delivery-progress').waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'All 2 certificates were sent' }).count(), { timeout: 60_000 }).toBe(1);
    expect(await page.getByRole('group', { name: 'Sent: 2' }).count()).toBe(1);
    await screenshot(page, 'first-send-04-sent');

    // The recipient opens the link in their email and downloads a PDF with their name and course in it.
    const mail = await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes('maelle.dubois@example.com'));
    expect(mail.subject).toBe('Your Certificate of Achievement from Riverside Art Academy');
    const link = /http:\/\/localhost:\d+\/c\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
    const recipientPage = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await recipientPage.goto(link);
    await expect.poll(() => recipientPage.getByTestId('recipient-name').textContent()).toBe('Maëlle Dubois');
    await screenshot(recipientPage, 'first-send-05-recipient-page');
    const download = recipientPage.waitForEvent('download');
    await recipientPage.getByRole('link', { name: 'Download PDF' }).click();
    const pdf = execFileSync('pdftotext', ['-q', (await (await download).path())!, '-']).toString();
    expect(pdf).toContain('Maëlle Dubois');
    expect(pdf).toContain('for outstanding accomplishment in Watercolour Foundations');
    await recipientPage.context().close();
    await page.context().close();
  });

  it('changes one project’s email before sending it, and leaves the certificate’s own email as it was', async () => {
    const call = apiOf(journey.server);
    const [set] = (await call(token, 'GET', '/api/certificates?limit=10')).certificates;
    const project = await call(token, 'POST', '/api/projects', {
      title: 'Summer school',
      certificate_id: set.id,
      recipients: [
        {
          FIRST_NAME: 'Aiyana',
          LAST_NAME: 'Begay',
          'Email Address': 'aiyana.begay@example.com',
          'COURSE NAME': 'Life Drawing',
          DATE: 'August 3, 2026',
        },
      ],
    });

    const page = await signIn(journey.browser, journey.server, OWNER);
    await page.goto(`${journey.server.baseUrl}/send/${project.id}/send`);
    await page.getByRole('link', { name: 'Check or change the email first' }).click();
    await page.waitForURL(/\/store\/projects\/\d+\/email\?return=/);
    await page.getByText('Project email', { exact: true }).waitFor();
    const subject = page.getByRole('textbox', { name: 'Subject' });
    await expect.poll(() => subject.inputValue()).toBe('Your Certificate of Achievement from [ACCOUNT_NAME]');
    await subject.fill('Summer school: your certificate, [FIRST NAME]');
    await expect
      .poll(() => page.getByTestId('email-preview-subject').textContent(), { timeout: 10_000 })
      .toBe('Summer school: your certificate, Alex');
    await screenshot(page, 'first-send-07-project-email');
    await page.getByRole('button', { name: 'Save email' }).click();
    await page.waitForURL(`${journey.server.baseUrl}/send/${project.id}/send`);

    await page.getByRole('button', { name: 'Send 1 certificate' }).click();
    await page.getByRole('dialog', { name: 'Send 1 certificate now?' }).getByRole('button', { name: 'Send now' }).click();
    const mail = await journey.server.smtp!.waitFor((m) => JSON.stringify(m.to).includes('aiyana.begay@example.com'));
    expect(mail.subject).toBe('Summer school: your certificate, Aiyana');
    expect((await call(token, 'GET', `/api/certificates/${set.id}`)).email_subject).toBe(
      'Your Certificate of Achievement from [ACCOUNT_NAME]',
    );
    await page.context().close();
  });

  it('queues a send of 500 or more, says so, and moves on to its history after 5 seconds', async () => {
    const call = apiOf(journey.server);
    const [set] = (await call(token, 'GET', '/api/certificates?limit=10')).certificates;
    const rows = Array.from({ length: 520 }, (_, i) => ({
      FIRST_NAME: 'Student',
      LAST_NAME: String(i + 1),
      'Email Address': `student.${i + 1}@example.com`,
      'COURSE NAME': 'Open Studio',
      DATE: 'July 1, 2026',
    }));
    const project = await call(token, 'POST', '/api/projects', { title: 'Open studio term', certificate_id: set.id, recipients: rows });
    expect(project.id).toBeGreaterThan(0);

    const page = await signIn(journey.browser, journey.server, OWNER);
    await page.goto(`${journey.server.baseUrl}/send/${project.id}/send`);
    await page.getByRole('button', { name: 'Send 520 certificates' }).click();
    await page.getByRole('dialog', { name: 'Send 520 certificates now?' }).getByRole('button', { name: 'Send now' }).click();
    const queued = page.getByTestId('send-queued');
    await queued.waitFor();
    expect(await queued.textContent()).toContain('520 certificates are queued and will be sent in the next minutes.');
    await screenshot(page, 'first-send-06-queued');
    const shownAt = Date.now();
    await page.waitForURL(`${journey.server.baseUrl}/store/history/${project.id}`, { timeout: 15_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_000);
    await page.context().close();
  });
});
