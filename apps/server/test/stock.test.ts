import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../src/db/schema.ts';
import { sniffImageType } from '../src/modules/files/images.ts';
import { ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

interface StockImage {
  id: string;
  thumb: string;
  url: string;
  author: string;
  licence: string;
  width: number;
  height: number;
}

let laurel: TestLaurel;
let member: ApiClient;
let accountId: number;
beforeAll(async () => {
  laurel = await startTestLaurel();
  const admin = await registerConfirmedAdmin(laurel);
  member = admin.client;
  accountId = admin.user.account!.id;
});
afterAll(async () => {
  await laurel?.close();
});

async function search(query: string): Promise<{ images: StockImage[]; total: number }> {
  const response = await member.get(`/api/stock-images?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('stock image search', () => {
  it('finds images by keyword, with author, licence and size', async () => {
    const { images, total } = await search('where=marble&type=background');
    expect(total).toBe(3);
    expect(images.map((i) => i.id)).toContain('marble-white');
    expect(images[0]).toMatchObject({
      author: 'Laurel',
      licence: 'CC0 (Laurel)',
      width: 1280,
      height: 988,
      url: `/api/stock-images/${images[0]!.id}/full`,
    });
    expect((await search('where=gold%20marble&type=background')).images.map((i) => i.id)).toEqual(['marble-black-gold']);
    expect((await search('where=unicorns&type=background')).total).toBe(0);
  });

  it('offers at least 60 images, backgrounds and motifs together, each with a title', async () => {
    const backgrounds = await search('type=background');
    const motifs = await search('type=image');
    expect(backgrounds.total + motifs.total).toBeGreaterThanOrEqual(60);
    expect(motifs.total).toBeGreaterThanOrEqual(20);
    expect((await search('where=border%20navy&type=background')).images.map((i) => i.id)).toContain('border-navy-scroll');
  });

  it('pages six at a time', async () => {
    const first = await search('type=background');
    expect(first.images).toHaveLength(6);
    expect(first.total).toBeGreaterThanOrEqual(18);
    const last = Math.ceil(first.total / 6);
    const tail = await search(`type=background&page=${last}`);
    expect(tail.images).toHaveLength(first.total - (last - 1) * 6);
    const second = await search('type=background&page=2');
    expect(second.images.map((i) => i.id)).not.toContain(first.images[0]!.id);
  });

  it('keeps backgrounds and image motifs apart', async () => {
    const motifs = await search('where=gold&type=image');
    expect(motifs.total).toBeGreaterThan(0);
    expect(motifs.images.map((i) => i.id)).toContain('seal-gold-star');
    expect(motifs.images.map((i) => i.id)).not.toContain('marble-black-gold');
    expect((await search('where=laurel&type=image')).images.map((i) => i.id)).toEqual(['laurel-gold', 'laurel-green']);
  });

  it('serves thumbnails and full images publicly: textures as JPEG, motifs as transparent PNG', async () => {
    const anonymous = new ApiClient(laurel);
    const thumb = await anonymous.get('/api/stock-images/paper-ivory/thumb');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const motif = await anonymous.get('/api/stock-images/laurel-green/full');
    expect(motif.headers['content-type']).toBe('image/png');
    expect(sniffImageType(motif.rawPayload)).toBe('png');
    expect((await anonymous.get('/api/stock-images/no-such-image/full')).statusCode).toBe(404);
  });

  it('needs a signed-in account member', async () => {
    const response = await new ApiClient(laurel).get('/api/stock-images?where=paper&type=background');
    expect(response.statusCode).toBe(401);
  });
});

describe('importing a stock image', () => {
  it('copies it into the account files, by the url search returned or by id', async () => {
    const [image] = (await search('where=parchment&type=background')).images;
    const response = await member.post('/api/certificates/upload-stock?noPdf=1', { file: image!.url });
    expect(response.statusCode).toBe(200);
    const { imagepath } = response.json();
    expect(imagepath).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{24}\.jpg$/);
    const [file] = await laurel.context.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.key, imagepath.slice('/api/files/'.length)));
    expect(file).toMatchObject({ account_id: accountId, kind: 'background', mime: 'image/jpeg', width: 1280, height: 988 });

    const motif = await member.post('/api/certificates/upload-stock?noPdf=1', {
      file: 'http://laurel.test/api/stock-images/seal-gold-star/full',
    });
    expect(motif.json().imagepath).toMatch(/\.png$/);
  });

  it('refuses anything that is not one of the provider images', async () => {
    const unknown = await member.post('/api/certificates/upload-stock?noPdf=1', { file: 'no-such-image' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).errors).toEqual(['Stock image not found.']);
    for (const file of [
      'http://169.254.169.254/latest/meta-data',
      'https://example.com/photo.jpg',
      '/api/files/seed-bg-x.jpg',
      '../../etc/passwd',
    ]) {
      const refused = await member.post('/api/certificates/upload-stock?noPdf=1', { file });
      expect(refused.statusCode, file).toBe(400);
      expect(errorOf(refused).errors).toEqual(['Only images from the stock library can be imported.']);
    }
    expect((await new ApiClient(laurel).post('/api/certificates/upload-stock?noPdf=1', { file: 'paper-ivory' })).statusCode).toBe(401);
  });
});
