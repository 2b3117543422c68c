import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { type ApiClient, registerConfirmedAdmin } from './helpers/api.ts';
import { ManualClock, startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

const clock = new ManualClock();
let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let setId: number;
const dir = mkdtempSync(path.join(tmpdir(), 'laurel-render-'));

beforeAll(async () => {
  laurel = await startTestLaurel({ clock });
  owner = await registerConfirmedAdmin(laurel);
  await laurel.context.db.update(accounts).set({ allowed_sets: 5 }).where(eq(accounts.id, owner.user.account!.id));
  const set = await owner.client.post('/api/certificates', {
    name: 'Rendered',
    elements: [
      {
        type: 'name',
        content: '[FIRST NAME] [LAST NAME]',
        styles: {
          left: '35px',
          top: '200px',
          width: '570px',
          height: '40px',
          'font-size': '28px',
          'font-family': 'Playfair Display',
          'text-align': 'center',
        },
      },
      {
        type: 'dynamicText',
        content: 'for completing [COURSE]',
        styles: {
          left: '120px',
          top: '260px',
          width: '400px',
          height: '30px',
          'font-size': '16px',
          'font-family': 'Open Sans',
          'text-align': 'center',
        },
      },
    ],
  });
  setId = set.json().id;
});
afterAll(async () => {
  await laurel?.close();
});

const get = (url: string, client: ApiClient | null = owner.client) =>
  laurel.app.inject({ method: 'GET', url, headers: { host: 'laurel.test', ...(client?.token ? { authentication: client.token } : {}) } });

describe('certificate previews', () => {
  it('renders the PNG at the canvas size, or at a requested width, with recipient fields from the query', async () => {
    const response = await get(`/api/certificates/${setId}/image/image.png?FIRST_NAME=Zoë&LAST_NAME=Okafor&COURSE=Statistics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(response.rawPayload);
    expect([png.width, png.height]).toEqual([640, 494]);
    const small = PNG.sync.read((await get(`/api/certificates/${setId}/image/image.png?width=320`)).rawPayload);
    expect(small.width).toBe(320);
  });

  it('renders a valid PDF with embedded fonts and the recipient text', async () => {
    const response = await get(`/api/certificates/${setId}/pdf?type=stream&FIRST_NAME=Zo%C3%AB&LAST_NAME=Okafor&COURSE=Statistics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const file = path.join(dir, 'preview.pdf');
    writeFileSync(file, response.rawPayload);
    execFileSync('qpdf', ['--check', file]);
    expect(execFileSync('pdffonts', [file]).toString()).toMatch(/PlayfairDisplay.*yes/);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('Zoë Okafor');
    expect(text).toContain('for completing Statistics');
  });

  it('opens previews in a new window through a signed link that expires and cannot be altered', async () => {
    const links = (await get(`/api/certificates/${setId}/preview-link`)).json();
    expect((await get(links.pdf, null)).statusCode).toBe(200);
    expect((await get(links.image, null)).statusCode).toBe(200);
    expect((await get(links.pdf.replace(`/${setId}/`, `/${setId + 1}/`), null)).statusCode).toBe(401);
    expect((await get(links.pdf.replace(/sig=[^&]+/, 'sig=forged'), null)).statusCode).toBe(401);
    clock.advance(11 * 60_000);
    expect((await get(links.pdf, null)).statusCode).toBe(401);
  });

  it('gives the set list signed thumbnails', async () => {
    const list = (await get('/api/certificates')).json();
    const image = list.certificates[0].image;
    expect(image).toMatch(/sig=/);
    expect((await get(image, null)).statusCode).toBe(200);
  });

  it('keeps other accounts out', async () => {
    const stranger = await registerConfirmedAdmin(laurel);
    expect((await get(`/api/certificates/${setId}/image/image.png`, stranger.client)).statusCode).toBe(404);
    expect((await get(`/api/certificates/${setId}/pdf`, stranger.client)).statusCode).toBe(404);
    expect((await get(`/api/certificates/${setId}/pdf`, null)).statusCode).toBe(401);
  });
});

describe('font files for the builder', () => {
  it('serves catalog fonts and nothing else', async () => {
    const font = await get('/api/font-files/open-sans/400Regular/OpenSans_400Regular.ttf', null);
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/ttf');
    expect(font.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0]));
    expect((await get('/api/font-files/open-sans/package.json', null)).statusCode).toBe(404);
    expect((await get('/api/font-files/..%2F..%2Fpackage.json', null)).statusCode).toBe(404);
  });
});
