import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, styles, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { newDesign, newElement } from '../packages/certificate/src/index.ts';
import { EMAIL_DESIGN_MESSAGES, SAMPLE_CERTIFICATE_NUMBER } from '../packages/domain/src/index.ts';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { useJourney } from './helpers/journey.ts';
import { ADMIN } from './helpers/server.ts';

const PASSWORD = 'amber-harbour-compass-58';
const OWNER = 'owner@tidewater.example';
const VIEWER = 'viewer@tidewater.example';

const journey = useJourney({ smtp: true });
beforeAll(async () => {
  mkdirSync(path.resolve('e2e/artifacts'), { recursive: true });
  const db = journey.server.laurel.context.db;
  // Past its free trial: the account has no plan's features, so the paid ones show their upgrade dialog.
  const trialEnded = new Date(Date.now() - 30 * 86_400_000);
  const [account] = await db
    .insert(accounts)
    .values({ name: 'Tidewater Sailing School', url: 'tidewater', allowed_sets: 5, trial_started_at: trialEnded })
    .returning();
  const hash = await hashPassword(PASSWORD);
  await db.insert(users).values([
    {
      email: OWNER,
      username: OWNER,
      first_name: 'Morgan',
      last_name: 'Reyes',
      roles: ['account_admin'],
      account_id: account!.id,
      password_hash: hash,
      confirmed_at: new Date(),
    },
    // A sub-user who may edit designs but not emails gets the read-only view.
    {
      email: VIEWER,
      username: VIEWER,
      first_name: 'Vic',
      last_name: 'Viewer',
      roles: ['account_user'],
      account_id: account!.id,
      allow_certificate_set_edits: true,
      allow_all_certificate_sets: true,
      password_hash: hash,
      confirmed_at: new Date(),
    },
  ]);
});

/** A small PNG made here: a laurel-green badge with a gilt ring. */
function badgePng(): Buffer {
  const canvas = createCanvas(160, 96);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#1f7550';
  ctx.fillRect(0, 0, 160, 96);
  ctx.strokeStyle = '#d3a822';
  ctx.lineWidth = 8;
  ctx.beginPath();
  ctx.arc(80, 48, 30, 0, Math.PI * 2);
  ctx.stroke();
  return canvas.toBuffer('image/png');
}

async function signIn(email = OWNER, password = PASSWORD): Promise<Page> {
  const page = await (await journey.browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await page.goto(`${journey.server.baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: { Authentication: localStorage.getItem('laurel.token') ?? '', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, url, body },
  ) as Promise<T>;
}

/**
 * Errors the page writes to its console, and scripts it fails on, from now on. The preview's message must not cost
 * any: a frame that refuses script once made every accessibility check log dozens.
 */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The composed message in the preview, read where the page shows it. */
const previewText = (page: Page) => page.getByTestId('email-preview-message').textContent();

/** What a reader sees in the body: its text, and the formatting and images in it. */
function editorSnapshot(page: Page) {
  return page.getByRole('textbox', { name: 'Email body' }).evaluate((el) => ({
    text: el.textContent,
    bold: Array.from(el.querySelectorAll('strong')).map((s) => s.textContent),
    headings: Array.from(el.querySelectorAll('h2')).map((h) => h.textContent),
    images: Array.from(el.querySelectorAll('img')).map((i) => i.getAttribute('src')),
  }));
}

const SUBJECT = 'Your certificate, [FIRST NAME] · [CERTIFICATE_TITLE]';

describe('the certificate email editor', () => {
  it('writes an email, saves it, reopens it unchanged and sends a test that arrives as designed', async () => {
    const page = await signIn();
    const design = newDesign();
    const set = await api<{ id: number }>(page, 'POST', '/api/certificates', {
      name: 'Coastal Navigation',
      ...design,
      elements: [
        ...design.elements,
        newElement('dynamic', 'Letter', { content: '[COURSE]' }),
        { ...newElement('certificate_number', 'Letter'), content: 'No. [CERTIFICATE NUMBER]' },
      ],
    });

    const errors = consoleErrors(page);
    await page.goto(`${journey.server.baseUrl}/build/${set.id}/email`);
    await page.getByRole('heading', { name: 'Coastal Navigation' }).waitFor();
    await screenshot(page, 'email-editor-opened');

    await page.getByRole('textbox', { name: 'Subject' }).fill('Your certificate, ');
    await page.getByRole('button', { name: 'Insert field into subject' }).click();
    await page.getByRole('menuitem', { name: 'First name' }).click();
    await page.getByRole('textbox', { name: 'Subject' }).press('End');
    await page.getByRole('textbox', { name: 'Subject' }).pressSequentially(' · ');
    await page.getByRole('button', { name: 'Insert field into subject' }).click();
    await page.getByRole('menuitem', { name: 'Certificate title' }).click();
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(SUBJECT);

    // No message carries the PDF unless the issuer turns it on; the switch says what recipients get either way.
    const attachPdf = page.getByRole('switch', { name: 'Attach the certificate as a PDF' });
    expect(await attachPdf.isChecked()).toBe(false);
    await page.getByText('Either way the email links to the certificate’s page').waitFor();
    await attachPdf.click({ force: true });
    expect(await attachPdf.isChecked()).toBe(true);

    const body = page.getByRole('textbox', { name: 'Email body' });
    await body.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');

    await page.getByRole('combobox', { name: 'Paragraph style' }).click();
    await page.getByRole('option', { name: 'Header 2' }).click();
    await page.keyboard.type('Fair winds, sailor');
    await page.keyboard.press('Enter');

    await page.keyboard.type('Congratulations ');
    await page.getByRole('button', { name: 'Insert field', exact: true }).click();
    await page.getByRole('menuitem', { name: 'First name' }).click();
    await page.keyboard.type('! ');
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type('You passed with distinction');
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type(' in ');
    await page.getByRole('button', { name: 'Insert field', exact: true }).click();
    await page.getByRole('menuitem', { name: '[COURSE]' }).click();
    await page.keyboard.type('.');
    await page.keyboard.press('Enter');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Insert image' }).click();
    await (await chooser).setFiles({ name: 'badge.png', mimeType: 'image/png', buffer: badgePng() });
    await expect.poll(() => body.locator('img').count()).toBe(1);
    await body.locator('img').click();
    const imageSize = page.getByRole('toolbar', { name: 'Image size' });
    await imageSize.getByRole('button', { name: '100%' }).click();
    expect(await body.locator('img').getAttribute('style')).toContain('width: 100%');
    await imageSize.getByRole('button', { name: 'Auto' }).click();
    expect(await body.locator('img').getAttribute('style')).toBeNull();

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Insert field', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Download certificate button' }).click();

    const before = await editorSnapshot(page);
    expect(before.bold).toEqual(['You passed with distinction']);
    expect(before.headings).toEqual(['Fair winds, sailor']);
    expect(before.images[0]).toMatch(new RegExp(`^http://localhost:${journey.server.port}/api/files/`));

    // The preview is the server's composition, refreshed as the issuer writes.
    await expect.poll(() => previewText(page), { timeout: 15_000 }).toContain('You passed with distinction');
    await screenshot(page, 'email-editor-written');
    // The message is part of the page, not a frame the check would leave out: the scan reads it as well.
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('region', { name: 'Email preview, desktop width' }).getByRole('heading', { name: 'Fair winds, sailor' }).waitFor();
    await expectAccessible(page, 'the email editor');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.resolve('e2e/artifacts/email-editor-written-viewport.png') });
    await page.locator('label').filter({ hasText: 'Mobile' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Mobile' }).isChecked()).toBe(true);
    await screenshot(page, 'email-editor-preview-mobile');

    await page.getByRole('button', { name: /Save email/ }).click();
    await page.getByRole('dialog', { name: 'Certificate saved' }).waitFor();
    await screenshot(page, 'email-editor-saved');
    const saved = await api<{ email_body: string; email_subject: string; attach_pdf: boolean }>(page, 'GET', `/api/certificates/${set.id}`);
    expect(saved.email_subject).toBe(SUBJECT);
    expect(saved.attach_pdf).toBe(true);
    expect(saved.email_body).toContain('<strong>You passed with distinction</strong>');

    await page.getByRole('button', { name: 'Import later' }).click();
    await page.waitForURL((url) => url.pathname === '/build');

    await page.goto(`${journey.server.baseUrl}/build/${set.id}/email`);
    await page.getByRole('heading', { name: 'Coastal Navigation' }).waitFor();
    expect(await editorSnapshot(page)).toEqual(before);
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe(SUBJECT);
    expect(await page.getByRole('switch', { name: 'Attach the certificate as a PDF' }).isChecked()).toBe(true);
    const reopened = await api<{ email_body: string }>(page, 'GET', `/api/certificates/${set.id}`);
    expect(reopened.email_body).toBe(saved.email_body);

    await page.getByRole('button', { name: 'Send test email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send test email' });
    expect(await dialog.getByLabel('Send to').inputValue()).toBe(OWNER);
    // It asks for the names and the certificate's own field, each starting as the design's sample, as the builder
    // shows it; never for the certificate number, which a test fills with a number that says it is a sample.
    expect(await dialog.getByRole('textbox', { name: /^\[/ }).count()).toBe(3);
    expect(await dialog.getByLabel('[FIRST NAME]').inputValue()).toBe('Alex');
    expect(await dialog.getByLabel('[LAST NAME]').inputValue()).toBe('Morgan');
    expect(await dialog.getByLabel('[COURSE]').inputValue()).toBe('Advanced Navigation');
    expect(await dialog.getByLabel(/CERTIFICATE NUMBER/).count()).toBe(0);
    await dialog.getByText(`The certificate number reads ${SAMPLE_CERTIFICATE_NUMBER}`).waitFor();
    await dialog.getByLabel('[COURSE]').fill('');
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await dialog.getByText('Type a value, such as the sample “Advanced Navigation”.').waitFor();
    await dialog.getByLabel('[FIRST NAME]').fill('Ada');
    await dialog.getByLabel('[COURSE]').fill('Coastal Navigation 101');
    await screenshot(page, 'email-editor-send-test');
    await expectAccessible(page, 'the test email dialog');
    await dialog.getByRole('button', { name: 'Send test' }).click();
    // The message says where the test went.
    await page.getByText(`Test email sent to ${OWNER}.`).waitFor();
    await screenshot(page, 'email-editor-test-sent');

    const mail = await journey.server.smtp!.waitFor((m) => !!m.subject?.includes('Your certificate, Ada'), 30_000);
    // The title field is merged like the others: the subject names the certificate, never the bracketed field.
    expect(mail.subject).toMatch(/^\[Test\] Your certificate, Ada · \S/);
    expect(mail.subject).not.toContain('[CERTIFICATE_TITLE]');
    const html = String(mail.html);
    expect(html).toMatch(/<strong>You passed with distinction<\/strong>/);
    expect(html).toContain('Congratulations Ada!');
    expect(html).toContain('Coastal Navigation 101');
    // With the switch on, the test carries the certificate as a PDF, as each recipient's message will, drawn with
    // the values typed, the sample's last name and the sample certificate number.
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    // Words as pdftotext reads them, wherever a line wraps.
    const certificate = execFileSync('pdftotext', ['-q', '-', '-'], { input: mail.attachments[0]!.content })
      .toString()
      .replace(/\s+/g, ' ');
    for (const text of ['Ada Morgan', 'Coastal Navigation 101', `No. ${SAMPLE_CERTIFICATE_NUMBER}`]) expect(certificate).toContain(text);
    expect(html).toMatch(new RegExp(`<img[^>]+src="http://localhost:${journey.server.port}/api/files/`));
    expect(mail.text).toContain('Congratulations Ada!');

    for (const width of [600, 360]) {
      const reader = await (await journey.browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await reader.setContent(html, { waitUntil: 'load' });
      expect(await reader.evaluate(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
      // Nothing may force a phone to scroll sideways.
      expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await reader.screenshot({ path: path.resolve(`e2e/artifacts/email-received-${width}.png`), fullPage: true });
      await reader.context().close();
    }
    // Writing, previewing, checking, saving and testing the email cost the page no error.
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('holds the issuer to the email rules while they work, with the spec’s messages', async () => {
    const page = await signIn();
    const set = await api<{ id: number }>(page, 'POST', '/api/certificates', { name: 'Rules of the Road', ...newDesign() });
    // The account gets a logo, which the editor offers to place in the body.
    const logo = await page.evaluate(
      async (bytes) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'logo.png');
        const response = await fetch('/api/certificates/upload?noPdf=1', {
          method: 'POST',
          headers: { Authentication: localStorage.getItem('laurel.token') ?? '' },
          body: form,
        });
        return ((await response.json()) as { imagepath: string }).imagepath;
      },
      [...badgePng()],
    );
    await journey.server.laurel.context.db.update(accounts).set({ imagepath: logo }).where(eq(accounts.url, 'tidewater'));
    await page.goto(`${journey.server.baseUrl}/build/${set.id}/email`);
    await page.getByRole('heading', { name: 'Rules of the Road' }).waitFor();
    const body = page.getByRole('textbox', { name: 'Email body' });

    await page.getByRole('button', { name: 'Insert image' }).click();
    await page.getByText(EMAIL_DESIGN_MESSAGES.placeCursor).waitFor();

    await body.click();
    await page.getByRole('button', { name: 'Text colour' }).click();
    await page.getByLabel('Hex colour').fill('#ffffff');
    await page.screenshot({ path: path.resolve('e2e/artifacts/email-editor-text-colour.png') });
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(EMAIL_DESIGN_MESSAGES.whiteText).waitFor();
    await page.keyboard.press('Escape');

    await body.locator('p').first().click();
    await page.keyboard.press('Home');
    await page.getByRole('button', { name: 'Insert logo' }).click();
    expect(await body.locator('img').getAttribute('src')).toBe(`${journey.server.baseUrl}${logo}`);
    await page.keyboard.press('Control+z');
    await expect.poll(() => body.locator('img').count()).toBe(0);

    await body.locator('p').first().click();
    await page.keyboard.press('Home');
    await page.getByRole('button', { name: 'Insert symbol' }).click();
    await page.getByRole('group', { name: 'Special characters' }).getByRole('button', { name: 'Black star' }).click();
    await page.screenshot({ path: path.resolve('e2e/artifacts/email-editor-symbols.png') });
    await page.keyboard.press('Escape');
    expect(await body.locator('p').first().textContent()).toMatch(/^★Congratulations/);

    await body.click();
    await page.keyboard.press('Control+End');
    for (let i = 0; i < 8; i++) await page.keyboard.press('Enter');
    const longestEmptyRun = () =>
      body.evaluate((el) => {
        let longest = 0;
        let run = 0;
        for (const child of Array.from(el.children)) {
          run = child.tagName === 'P' && !child.textContent ? run + 1 : 0;
          longest = Math.max(longest, run);
        }
        return longest;
      });
    expect(await longestEmptyRun()).toBe(5);

    const buttonColour = page.getByLabel('Button colour');
    await buttonColour.fill('#f1f3f5');
    await buttonColour.press('Tab');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Due to security regulations, the color you have chosen is not available. Please choose a darker color.' })
      .waitFor();
    expect(await buttonColour.inputValue()).not.toBe('#f1f3f5');
    await screenshot(page, 'email-editor-button-warning');

    const attach = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach file' }).click();
    await (await attach).setFiles({ name: 'programme.txt', mimeType: 'text/plain', buffer: Buffer.from('Day 1: charts and tides.\n') });
    await page.getByText('File uploaded.').waitFor();
    const attachments = page.getByRole('list', { name: 'Attachments' });
    await attachments.getByRole('link', { name: 'programme.txt' }).waitFor();
    await attachments.getByRole('button', { name: 'Delete programme.txt' }).click();
    await page.getByText('File deleted.').waitFor();
    await expect.poll(() => attachments.count()).toBe(0);

    await page.getByRole('combobox', { name: 'Footer language' }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await expect.poll(() => page.getByLabel('Footer text').textContent()).toContain('Diese E-Mail wurde von [ACCOUNT_NAME]');

    await page
      .locator('label')
      .filter({ hasText: /^HTML$/ })
      .click();
    const source = page.getByLabel('HTML source');
    await source.fill('<p>Written as <em>HTML</em> here.</p><p>[DOWNLOAD_CERTIFICATE_LINK]</p>');
    await expect.poll(() => page.getByTestId('body-counter').textContent()).toBe('71 / 65000');
    await page
      .locator('label')
      .filter({ hasText: /^Text$/ })
      .click();
    expect(await body.locator('em').textContent()).toBe('HTML');

    // Pasted formatting is dropped: only the words arrive.
    await body.locator('p').first().click();
    await page.keyboard.press('End');
    // The editor reads the caret from the browser's selectionchange event, which comes a moment later;
    // a person never pastes that fast, so wait until the editor has the caret at the line's end.
    await expect
      .poll(() =>
        body.evaluate((el) => {
          const { state } = (
            el as HTMLElement & { editor: { state: { selection: { from: number }; doc: { firstChild: { nodeSize: number } } } } }
          ).editor;
          return state.selection.from === state.doc.firstChild.nodeSize - 1;
        }),
      )
      .toBe(true);
    await body.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/html', '<b style="color:red">Loud</b> <script>alert(1)</script>words');
      data.setData('text/plain', ' Loud words');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    expect(await body.locator('p').first().textContent()).toBe('Written as HTML here. Loud words');
    expect(await body.locator('strong, b, script').count()).toBe(0);

    await page.getByRole('switch', { name: /Add a LinkedIn/ }).click();
    await page.getByRole('dialog', { name: 'Upgrade your plan' }).waitFor();
    await page.getByRole('button', { name: 'Not now' }).click();
    expect(await page.getByRole('switch', { name: /Add a LinkedIn/ }).isChecked()).toBe(false);

    await page.getByRole('textbox', { name: 'Link text' }).fill('');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Yours: [DOWNLOAD_CERTIFICATE_LINK]');
    await page.getByLabel('Reply-to').fill('');
    await page.getByRole('button', { name: /Save email/ }).click();
    await page.getByText(EMAIL_DESIGN_MESSAGES.replyToRequired).first().waitFor();
    await page.getByText(EMAIL_DESIGN_MESSAGES.downloadLinkOnlyInBody).first().waitFor();
    await page.getByText(EMAIL_DESIGN_MESSAGES.portalLinkTextEmpty).first().waitFor();
    expect(await page.getByLabel('Reply-to').evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'email-editor-rules');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Build' }).click();
    await page.getByRole('dialog', { name: 'Exit Without Saving?' }).waitFor();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    expect(new URL(page.url()).pathname).toBe(`/build/${set.id}/email`);
    await page.context().close();
  });

  it('returns to where a quick edit was opened from once it is saved', async () => {
    const page = await signIn();
    const set = await api<{ id: number }>(page, 'POST', '/api/certificates', { name: 'Quick Edit Crossing', ...newDesign() });
    await page.goto(`${journey.server.baseUrl}/build/${set.id}/email?return=${encodeURIComponent(`/build/${set.id}`)}`);
    await page.getByRole('heading', { name: 'Quick Edit Crossing' }).waitFor();
    // The way back is offered before saving, too.
    expect(await page.getByRole('link', { name: 'Back to the certificate' }).getAttribute('href')).toBe(`/build/${set.id}`);
    await page.getByRole('textbox', { name: 'Reply-to' }).fill('crew@tidewater.example');
    await page.getByRole('button', { name: /Save email/ }).click();
    await page.waitForURL((url) => url.pathname === `/build/${set.id}`);
    const saved = await api<{ reply_to: string }>(page, 'GET', `/api/certificates/${set.id}`);
    expect(saved.reply_to).toBe('crew@tidewater.example');
    await page.context().close();
  });

  it('shows a sub-user without email rights the email and its preview, read-only', async () => {
    const owner = await signIn();
    const set = await api<{ id: number }>(owner, 'POST', '/api/certificates', { name: 'Harbour Pilot', ...newDesign() });
    await owner.context().close();

    const page = await signIn(VIEWER);
    await page.goto(`${journey.server.baseUrl}/build/${set.id}/email`);
    await page.getByRole('heading', { name: 'Harbour Pilot' }).waitFor();
    await page.getByText('View only').waitFor();
    expect(await page.getByRole('button', { name: /Save email/ }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Email body' }).getAttribute('contenteditable')).toBe('false');
    expect(await page.getByRole('textbox', { name: 'Subject' }).getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => previewText(page), { timeout: 15_000 }).toContain('Congratulations Alex!');
    await page.screenshot({ path: path.resolve('e2e/artifacts/email-editor-read-only.png') });

    // On a phone the editor and the preview stack, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.resolve('e2e/artifacts/email-editor-phone.png') });
    await page.context().close();
  });

  it('lets a super-admin edit a global template’s email, preview it and send it to themselves', async () => {
    const [style] = await journey.server.laurel.context.db
      .insert(styles)
      .values({ name: 'Harbour Classic', design: newDesign(), email: {} })
      .returning();
    const page = await signIn(ADMIN.email, ADMIN.password);
    await page.goto(`${journey.server.baseUrl}/admin/build/${style!.id}/email`);
    await page.getByRole('heading', { name: 'Harbour Classic' }).waitFor();
    await expect.poll(() => previewText(page), { timeout: 15_000 }).toContain('Congratulations Alex!');
    await page.getByRole('textbox', { name: 'Subject' }).fill('A certificate from [ACCOUNT_NAME] for [FIRST NAME]');
    // The unsaved subject is composed with sample data; Laurel stands in for the account.
    await expect
      .poll(() => page.getByTestId('email-preview-subject').textContent(), { timeout: 15_000 })
      .toBe('A certificate from Laurel for Alex');
    await page.getByRole('button', { name: 'Send test to me' }).click();
    await page.getByText('You must first save the Certificate in order to preview').waitFor();
    await page.getByRole('button', { name: /Save email/ }).click();
    await page.getByText('Global template saved.').waitFor();
    const saved = await api<{ email_subject: string }>(page, 'GET', `/api/styles/${style!.id}`);
    expect(saved.email_subject).toBe('A certificate from [ACCOUNT_NAME] for [FIRST NAME]');
    await page.getByRole('button', { name: 'Send test to me' }).click();
    await page.getByText(`Test email sent to ${ADMIN.email}.`).waitFor();
    const mail = await journey.server.smtp!.waitFor((m) => !!m.subject?.includes('A certificate from'), 30_000);
    expect(JSON.stringify(mail.to)).toContain(ADMIN.email);
    await page.screenshot({ path: path.resolve('e2e/artifacts/email-editor-admin.png') });
    await page.context().close();
  });
});
