import path from 'node:path';
import { eq } from 'drizzle-orm';
import pixelmatch from 'pixelmatch';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, certificateSets, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { expectAccessible } from './helpers/axe.ts';
import { screenshot } from './helpers/browser.ts';
import { CERTIFICATE_ELEMENTS } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

const PASSWORD = 'copper-lantern-meadow-31';
const EMAIL = 'maker@quarry.example';
const FONT_FILE = path.resolve('node_modules/@expo-google-fonts/alex-brush/400Regular/AlexBrush_400Regular.ttf');

const journey = useJourney();
beforeAll(async () => {
  const db = journey.server.laurel.context.db;
  // Advanced Monthly: custom fonts are part of the plan.
  const [account] = await db
    .insert(accounts)
    .values({ name: 'Quarry Guild', url: 'quarry', allowed_sets: 40, stripe_active: true, stripe_plan: 'advanced-monthly-3' })
    .returning();
  await db.insert(users).values({
    email: EMAIL,
    username: EMAIL,
    first_name: 'Mira',
    last_name: 'Mason',
    roles: ['account_admin'],
    account_id: account!.id,
    password_hash: await hashPassword(PASSWORD),
    confirmed_at: new Date(),
  });
});

async function signIn(viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await (await journey.browser.newContext({ viewport })).newPage();
  await page.goto(`${journey.server.baseUrl}/login`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('laurel.token') ?? '');

async function apiJson(page: Page, method: 'GET' | 'POST', url: string, data?: unknown) {
  const response = await page.request.fetch(`${journey.server.baseUrl}${url}`, {
    method,
    headers: { Authentication: await token(page) },
    ...(data ? { data } : {}),
  });
  expect(response.status()).toBe(200);
  return response.json();
}

/** The canvas once every face of the design is in and drawn (it is busy while any is on its way). */
async function canvasDrawn(page: Page) {
  const canvas = page.getByTestId('certificate-canvas');
  await expect.poll(() => canvas.locator('span').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => canvas.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
  await page.evaluate(() => document.fonts.ready);
  return canvas;
}

/** A new set, opened in the builder with its fonts loaded. */
async function openNewSet(page: Page, name: string, elements?: unknown[]): Promise<number> {
  const { id } = await apiJson(page, 'POST', '/api/certificates', { name, ...(elements ? { elements } : {}) });
  await page.goto(`${journey.server.baseUrl}/build/${id}`);
  await canvasDrawn(page);
  return id;
}

const selected = (page: Page) => page.locator('[aria-pressed="true"][data-element-index]');
const inputValue = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true }).inputValue();

describe('builder popovers and menus', () => {
  it('close when an option is picked, and when the user clicks elsewhere', async () => {
    const page = await signIn();
    await openNewSet(page, 'Popover check');
    await page.getByRole('button', { name: 'Add text' }).click();
    await expect.poll(() => selected(page).count()).toBe(1);
    const listbox = page.getByRole('listbox');
    const colours = page.locator('.mantine-ColorInput-dropdown');
    // Somewhere that is neither a control nor an element: the page settings panel keeps the selection.
    const elsewhere = () => page.getByRole('complementary', { name: 'Page settings' }).click({ position: { x: 60, y: 560 } });

    for (const label of ['Font family', 'Font size']) {
      await page.locator(`input[aria-label="${label}"]`).click();
      await expect.poll(() => listbox.count()).toBe(1);
      await elsewhere();
      await expect.poll(() => listbox.count()).toBe(0);
    }
    await page.locator('input[aria-label="Font size"]').click();
    await page.getByRole('option', { name: '24', exact: true }).click();
    await expect.poll(() => listbox.count()).toBe(0);
    expect(await page.locator('input[aria-label="Font size"]').inputValue()).toBe('24');

    await page.getByRole('textbox', { name: 'Text colour' }).click();
    await expect.poll(() => colours.count()).toBe(1);
    await screenshot(page, 'builder-colour-open');
    await colours.getByLabel('#0000ff', { exact: true }).click();
    await expect.poll(() => colours.count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Text colour' }).inputValue()).toBe('#0000ff');
    await page.getByRole('textbox', { name: 'Text colour' }).click();
    await expect.poll(() => colours.count()).toBe(1);
    await elsewhere();
    await expect.poll(() => colours.count()).toBe(0);

    // Arrow keys inside an open menu choose in the menu; they do not move the selected element.
    const x = await inputValue(page, 'X');
    await page.getByRole('button', { name: 'Add name' }).click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await inputValue(page, 'X')).toBe(x);
    await elsewhere();
    await expect.poll(() => menu.count()).toBe(0);
    await page.getByRole('button', { name: 'Add name' }).click();
    await page.getByRole('menuitem', { name: 'First and last name' }).click();
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => page.getByTestId('certificate-canvas').textContent()).toContain('[FIRST NAME] [LAST NAME]');
    await page.context().close();
  });
});

describe('snapping while dragging', () => {
  it('pulls an element onto the canvas centre and other elements’ edges with a visible guide, in one undo step', async () => {
    const page = await signIn();
    await openNewSet(page, 'Snap check');
    await page.getByRole('button', { name: 'Add merge field' }).click();
    await expect.poll(() => selected(page).count()).toBe(1);
    expect(await inputValue(page, 'Width')).toBe('250');
    // A new field lands in free room; this one is typed to where the drags below start from.
    for (const axis of ['X', 'Y']) {
      await page.getByRole('textbox', { name: axis, exact: true }).fill('100');
      await page.getByRole('textbox', { name: axis, exact: true }).press('Enter');
    }
    expect([await inputValue(page, 'X'), await inputValue(page, 'Y')]).toEqual(['100', '100']);

    // The field's centre is at 225; the canvas centre at 320. Let go 3 px short of it.
    const start = (await selected(page).boundingBox())!;
    await page.mouse.move(start.x + 10, start.y + 5);
    await page.mouse.down();
    await page.mouse.move(start.x + 50, start.y + 60, { steps: 5 });
    await page.mouse.move(start.x + 10 + 92, start.y + 5 + 203, { steps: 5 });
    await expect.poll(() => page.locator('[data-guide="x:320"]').count()).toBe(1);
    await screenshot(page, 'builder-snap-guide');
    await page.mouse.up();
    await expect.poll(() => page.locator('[data-guide]').count()).toBe(0);
    expect(await inputValue(page, 'X')).toBe('195');
    expect(await inputValue(page, 'Y')).toBe('303');

    // The participant name's left edge is at 175: dragging the left edge near it snaps to it.
    const now = (await selected(page).boundingBox())!;
    await page.mouse.move(now.x + 10, now.y + 5);
    await page.mouse.down();
    await page.mouse.move(now.x + 10 - 18, now.y + 5 + 40, { steps: 6 });
    await expect.poll(() => page.locator('[data-guide="x:175"]').count()).toBe(1);
    await page.mouse.up();
    expect(await inputValue(page, 'X')).toBe('175');

    // Holding Alt moves freely: no guide, no pull.
    const free = (await selected(page).boundingBox())!;
    await page.keyboard.down('Alt');
    await page.mouse.move(free.x + 10, free.y + 5);
    await page.mouse.down();
    await page.mouse.move(free.x + 10 + 143, free.y + 5 + 20, { steps: 6 });
    expect(await page.locator('[data-guide]').count()).toBe(0);
    await page.mouse.up();
    await page.keyboard.up('Alt');
    expect(await inputValue(page, 'X')).toBe('318');

    // Each drag is one step back.
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await inputValue(page, 'X')).toBe('175');
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await inputValue(page, 'X')).toBe('195');
    await page.getByRole('button', { name: 'Undo' }).click();
    expect([await inputValue(page, 'X'), await inputValue(page, 'Y')]).toEqual(['100', '100']);
    await page.context().close();
  });
});

describe('new certificates', () => {
  it('remember the paper size and orientation the user chose last', async () => {
    const page = await signIn();
    await page.goto(`${journey.server.baseUrl}/build/new`);
    await page.getByRole('radiogroup', { name: 'Paper size' }).getByText('A4', { exact: true }).click();
    await page.getByRole('button', { name: 'Use Blank portrait' }).click();
    await page.getByLabel('Certificate name').fill('Portrait on A4');
    await page.getByRole('button', { name: 'Edit certificate' }).click();
    await page.waitForURL(/\/build\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => page.getByRole('combobox', { name: 'Paper size' }).inputValue()).toBe('A4');
    const set = await apiJson(page, 'GET', `/api/certificates/${id}`);
    expect([set.format, set.is_portrait]).toEqual(['A4', true]);

    await page.goto(`${journey.server.baseUrl}/build/new`);
    const portrait = page.getByRole('button', { name: 'Use Blank portrait' });
    await portrait.waitFor();
    expect(await page.getByRole('radio', { name: 'A4' }).isChecked()).toBe(true);
    expect(await portrait.textContent()).toContain('A4 · Portrait');
    expect(await portrait.textContent()).toContain('Last used');
    expect(await page.getByRole('button', { name: 'Use Blank landscape' }).textContent()).not.toContain('Last used');
    await screenshot(page, 'builder-new-remembered');

    // Another browser session of the same user remembers nothing yet: the choice lives in this browser.
    await page.context().close();
    const other = await signIn({ width: 390, height: 844 });
    await other.goto(`${journey.server.baseUrl}/build/new`);
    await other.getByRole('button', { name: 'Use Blank portrait' }).waitFor();
    expect(await other.getByRole('radio', { name: 'Letter' }).isChecked()).toBe(true);
    await screenshot(other, 'builder-new-mobile');
    await other.context().close();
  });
});

describe('the stock image picker', () => {
  it('pages through every result the search reports', async () => {
    const page = await signIn();
    await openNewSet(page, 'Stock paging');
    await page.getByRole('button', { name: 'Add background' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change background' });
    await dialog.getByRole('tab', { name: 'Stock images' }).click();
    const images = dialog.getByRole('button', { name: /^Use stock image/ });
    const range = dialog.getByTestId('stock-range');
    await expect.poll(() => images.count()).toBe(6);
    const { total } = await apiJson(page, 'GET', '/api/stock-images?type=background&page=1');
    expect(total).toBeGreaterThan(12);
    expect(await range.textContent()).toBe(`1–6 of ${total}`);
    const firstPage = await images.first().getAttribute('aria-label');

    await dialog.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(() => range.textContent()).toBe(`7–12 of ${total}`);
    expect(await images.first().getAttribute('aria-label')).not.toBe(firstPage);
    await screenshot(page, 'builder-stock-page-2');

    const last = Math.ceil(total / 6);
    await dialog.getByRole('button', { name: String(last), exact: true }).click();
    await expect.poll(() => range.textContent()).toBe(`${(last - 1) * 6 + 1}–${total} of ${total}`);
    expect(await images.count()).toBe(total - (last - 1) * 6);
    expect(await dialog.getByRole('button', { name: 'next page' }).isDisabled()).toBe(true);

    // A narrower search starts again at its first page, without paging when it fits on one.
    await dialog.getByLabel('Search stock images').fill('gold marble');
    await expect.poll(() => images.count()).toBe(1);
    expect(await range.count()).toBe(0);
    await page.context().close();
  });
});

describe('custom fonts', () => {
  it('uploads a TrueType font, lists it with the account’s fonts and sets the selected text in it, as the server renders it', async () => {
    const page = await signIn({ width: 1440, height: 1000 });
    const id = await openNewSet(page, 'Custom font');
    await page.getByText('[PARTICIPANT NAME]').first().waitFor();
    await page.locator('[data-element-index="0"]').click();
    const family = page.locator('input[aria-label="Font family"]');
    await family.click();
    await page.getByRole('option', { name: '+ Add a font…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a custom font' });
    await dialog.getByLabel('Font name').fill('9 Lives');
    await expect.poll(() => dialog.getByText('Start with a letter; use letters, digits, spaces, _ or -.').count()).toBe(1);
    await dialog.getByLabel('Font name').fill('Guild Script');
    // A file named like a font that is not one is refused by the server, and the dialog says why.
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'guild-script.ttf', mimeType: 'font/ttf', buffer: Buffer.from('not a font at all') });
    await dialog.getByRole('button', { name: 'Upload font' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('The font must be a TrueType (.ttf), OpenType (.otf) or WOFF (.woff) file.');
    await screenshot(page, 'builder-font-refused');
    await dialog.locator('input[type="file"]').setInputFiles(FONT_FILE);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'builder-font-dialog');
    await dialog.getByRole('button', { name: 'Upload font' }).click();
    await page.getByText('Font uploaded.').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    // The new font is applied to the text it was added for, and listed among the account's fonts.
    await expect.poll(() => family.inputValue()).toBe('Guild Script');
    await family.click();
    await expect.poll(() => page.getByRole('option', { name: 'Guild Script' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    const { fonts } = await apiJson(page, 'GET', '/api/fonts');
    expect(fonts.map((f: { name: string }) => f.name)).toEqual(['Guild Script']);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Certificate saved' }).waitFor();
    await page.getByRole('button', { name: 'Import later' }).click();
    const saved = await apiJson(page, 'GET', `/api/certificates/${id}`);
    expect(saved.elements[0].styles['font-family']).toBe('Guild Script');

    await page.reload();
    const canvas = await canvasDrawn(page);
    await page.mouse.move(5, 5);
    await screenshot(page, 'builder-custom-font');
    const shot = PNG.sync.read(await canvas.screenshot());
    const response = await page.request.get(`${journey.server.baseUrl}/api/certificates/${id}/image/image.png?width=640`, {
      headers: { Authentication: await token(page) },
    });
    const rendered = PNG.sync.read(await response.body());
    const different = pixelmatch(shot.data, rendered.data, undefined, shot.width, shot.height, { includeAA: false });
    expect(different / (shot.width * shot.height)).toBeLessThanOrEqual(0.01);
    await page.context().close();
  });
});

describe('a test certificate without a reply-to', () => {
  it('sends the user to the email editor to add one, and back to the design afterwards', async () => {
    const page = await signIn();
    const id = await openNewSet(page, 'No reply-to yet');
    // Sets kept from before the reply-to was required can lack one.
    const db = journey.server.laurel.context.db;
    const [row] = await db.select().from(certificateSets).where(eq(certificateSets.id, id));
    await db
      .update(certificateSets)
      .set({ email: { ...row!.email, reply_to: '' } })
      .where(eq(certificateSets.id, id));
    await page.reload();
    await page.getByTestId('certificate-canvas').locator('span').first().waitFor();

    await page.getByRole('button', { name: 'Test', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Test certificate' });
    await dialog.getByLabel('PARTICIPANT NAME').fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Send test email' }).click();
    await page.waitForURL((url) => url.pathname === `/build/${id}/email` && url.searchParams.get('return') === `/build/${id}`);
    await page.getByText('The reply-to field is required in email template.').waitFor();
    // The field says so at once; the preview beside it says the same once it is composed.
    await page.getByRole('region', { name: 'Message' }).getByText('Reply-to field is required.').waitFor();
    expect(await page.getByRole('link', { name: 'Back to the certificate' }).getAttribute('href')).toBe(`/build/${id}`);
    await screenshot(page, 'builder-reply-to-missing');

    await page.getByRole('textbox', { name: 'Reply-to' }).fill('office@quarry.example');
    await page.getByRole('button', { name: /Save email/ }).click();
    await page.waitForURL((url) => url.pathname === `/build/${id}`);
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await dialog.getByLabel('PARTICIPANT NAME').fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Send test email' }).click();
    await page.getByText('Email sent. Please check admin email inbox.').waitFor({ timeout: 20_000 });
    await page.context().close();
  });
});

/** The first set of a new account: a heading, the name, the course, and a line of small print. */
const LAPTOP_ELEMENTS = [
  ...CERTIFICATE_ELEMENTS,
  {
    type: 'text',
    content: 'Awarded at the spring regatta',
    styles: { left: '220px', top: '380px', width: '200px', 'font-size': '12px', 'text-align': 'center' },
  },
];

async function boxOf(locator: ReturnType<Page['locator']>) {
  const b = (await locator.boundingBox())!;
  return { left: b.x, top: b.y, right: b.x + b.width, bottom: b.y + b.height };
}
type Box = Awaited<ReturnType<typeof boxOf>>;
const apart = (a: Box, b: Box) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
const within = (a: Box, b: Box) => a.left >= b.left && a.top >= b.top && a.right <= b.right && a.bottom <= b.bottom;

describe('the builder in a 1280 px window (docs/decisions/0072-builder-at-laptop-width.md)', () => {
  let page: Page;

  it('keeps the canvas still whatever is selected, so a double-click on small print opens it', async () => {
    page = await signIn({ width: 1280, height: 800 });
    const fonts: string[] = [];
    page.on('request', (request) => {
      const file = /\/api\/font-files\/(.+)$/.exec(request.url())?.[1];
      if (file) fonts.push(file);
    });
    await openNewSet(page, 'Regatta', LAPTOP_ELEMENTS);
    // Only the design's own faces are fetched; the rest of the list waits for the picker.
    expect(new Set(fonts)).toEqual(
      new Set([
        'cinzel/400Regular/Cinzel_400Regular.ttf',
        'great-vibes/400Regular/GreatVibes_400Regular.ttf',
        'open-sans/400Regular/OpenSans_400Regular.ttf',
      ]),
    );

    const canvas = page.getByTestId('certificate-canvas');
    const bar = page.getByRole('toolbar', { name: 'Editor toolbar' });
    const still = { canvas: await canvas.boundingBox(), bar: await bar.boundingBox() };
    for (const index of [0, 1, 2, 3]) {
      await page.locator(`[data-element-index="${index}"]`).click();
      expect({ canvas: await canvas.boundingBox(), bar: await bar.boundingBox() }, `element ${index} selected`).toEqual(still);
    }
    // A text's style and the arrangement fit the one row: nothing wraps and nothing is left to scroll to.
    expect(await bar.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await screenshot(page, 'builder-1280-selected', { fullPage: false });
    await expectAccessible(page, 'the builder at 1280 px with a text selected');
    await page.keyboard.press('Escape');
    expect(await canvas.boundingBox()).toEqual(still.canvas);

    // The first click selects; the second must still find the 12 px line where it was.
    await page.locator('[data-element-index="3"]').dblclick();
    const editor = page.getByLabel('Element text');
    await editor.waitFor();
    expect(await editor.inputValue()).toBe('Awarded at the spring regatta');
    await editor.press('Escape');

    // What folded away at this width is one menu away.
    await page.locator('[data-element-index="3"]').click();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Lock' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'More actions' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Unlock' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await canvas.boundingBox()).toEqual(still.canvas);
  });

  it('puts new text in free room on the page in view, selected so that it moves at once', async () => {
    await page.keyboard.press('Escape');
    const canvas = page.getByTestId('certificate-canvas');
    const others = await Promise.all([0, 1, 2, 3].map((i) => boxOf(page.locator(`[data-element-index="${i}"]`))));
    await page.getByRole('button', { name: 'Add text', exact: true }).click();
    const added = selected(page);
    await expect.poll(() => added.count()).toBe(1);
    const placed = await boxOf(added);
    for (const [i, other] of others.entries()) expect(apart(placed, other), `the new text overlaps element ${i}`).toBe(true);
    // Inside the page's margins, where templates keep their borders.
    const page_ = await boxOf(canvas);
    expect(within(placed, { left: page_.left + 40, top: page_.top + 40, right: page_.right - 40, bottom: page_.bottom - 40 })).toBe(true);
    await screenshot(page, 'builder-1280-text-added', { fullPage: false });

    await page.keyboard.press('Shift+ArrowRight');
    expect((await boxOf(added)).left - placed.left).toBeCloseTo(10, 0);

    // Zoomed in and scrolled to a corner, a new text lands in what the stage shows.
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => page.getByLabel('Zoom level').textContent()).toBe('200%');
    const stage = canvas.locator('xpath=ancestor::div[contains(@class, "stage")][1]');
    await stage.evaluate((e) => e.scrollTo(e.scrollWidth, e.scrollHeight));
    await page.getByRole('button', { name: 'Add text', exact: true }).click();
    await expect.poll(async () => (await selected(page).getAttribute('data-element-index')) ?? '').toBe('5');
    expect(within(await boxOf(selected(page)), await boxOf(stage))).toBe(true);
    await screenshot(page, 'builder-1280-text-added-zoomed', { fullPage: false });
    await page.context().close();
  });

  it('shows the template gallery drawn without a scroll, and accessible', async () => {
    page = await signIn({ width: 1280, height: 800 });
    await page.goto(`${journey.server.baseUrl}/build/new`);
    const previews = page.getByRole('img', { name: /^Preview of / });
    await previews.first().waitFor({ timeout: 30_000 });
    // Every thumbnail in the window is drawn, without a scroll to ask for it.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll('.mantine-Skeleton-root')).some((e) => e.getBoundingClientRect().top < window.innerHeight),
          ),
        { timeout: 30_000 },
      )
      .toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await previews.count()).toBeGreaterThanOrEqual(4);
    await screenshot(page, 'builder-1280-gallery', { fullPage: false });
    await expectAccessible(page, 'the template gallery');
    await page.context().close();
  });
});
