import { ACCOUNT_DELETION_MESSAGES } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, recipients } from '../src/db/schema.ts';
import { ApiClient, errorOf } from './helpers/api.ts';
import { jpegSize } from './helpers/jpeg-size.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

/**
 * The certificate as a picture by its public link: image.jpg, which delivery emails name, and image.png, which
 * emails sent before it name and which stays the baked keepsake. Both follow the same access and caching rules.
 */

let laurel: TestLaurel;
let sent: (typeof recipients.$inferSelect)[];
let draft: (typeof recipients.$inferSelect)[];
const visitor = () => new ApiClient(laurel);

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '2' } });
  const owner = await storeAccount(laurel);
  const sentProject = await saveProject(owner.admin.client, owner.setId, 'Harbour pilots', [
    { first: 'Zoë', last: 'Ångström', email: 'zoe@example.com' },
  ]);
  await sendAndSettle(owner.admin.client, sentProject);
  const draftProject = await saveProject(owner.admin.client, owner.setId, 'Not yet sent', [
    { first: 'Ines', last: 'Ferreira', email: 'ines@example.com' },
  ]);
  sent = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, sentProject));
  draft = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, draftProject));
});
afterAll(async () => {
  await laurel?.close();
});

const pngSize = (bytes: Buffer) => {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

describe('the certificate image by its public link', () => {
  it('is a JPEG at image.jpg, the size asked, without a credential; image.png stays the baked PNG', async () => {
    const { token } = sent[0]!;
    const jpeg = await visitor().get(`/api/c/${token}/image.jpg?width=1072`);
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpegSize(jpeg.rawPayload)).toEqual({ width: 1072, height: 827 });
    expect(jpeg.rawPayload.includes('openbadgecredential')).toBe(false);

    const png = await visitor().get(`/api/c/${token}/image.png?width=1072`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(pngSize(png.rawPayload)).toEqual({ width: 1072, height: 827 });
    expect(png.rawPayload.includes('openbadgecredential')).toBe(true);
  });

  it.each(['image.jpg', 'image.png'])('%s defaults to 1280 px and is cached for an hour, revalidated by its ETag', async (file) => {
    const url = `/api/c/${sent[0]!.token}/${file}`;
    const first = await visitor().get(url);
    expect(first.statusCode).toBe(200);
    expect((file === 'image.jpg' ? jpegSize : pngSize)(first.rawPayload).width).toBe(1280);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await laurel.app.inject({ method: 'GET', url, headers: { host: 'laurel.test', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it.each(['image.jpg', 'image.png'])('%s: a draft’s link and an unknown token answer 404, widths out of range 400', async (file) => {
    for (const token of [draft[0]!.token, 'no-such-token-at-all-0123456789abcdef']) {
      const missing = await visitor().get(`/api/c/${token}/${file}`);
      expect(missing.statusCode, token).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^application\/json/);
    }
    for (const width of [99, 2001]) expect((await visitor().get(`/api/c/${sent[0]!.token}/${file}?width=${width}`)).statusCode).toBe(400);
  });

  it('after the issuer’s account is deleted both answer 410 with the message', async () => {
    const [zoe] = sent;
    await laurel.context.db.update(accounts).set({ deleted_at: new Date() }).where(eq(accounts.id, zoe!.account_id));
    for (const file of ['image.jpg', 'image.png']) {
      const response = await visitor().get(`/api/c/${zoe!.token}/${file}`);
      expect(response.statusCode, file).toBe(410);
      expect(errorOf(response).message).toBe(ACCOUNT_DELETION_MESSAGES.withdrawn);
    }
  });
});
