import { ACCOUNT_DELETION_MESSAGES } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, recipients } from '../src/db/schema.ts';
import { ApiClient } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;
let sent: (typeof recipients.$inferSelect)[];
const visitor = () => new ApiClient(laurel);

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '2' } });
  owner = await storeAccount(laurel, { name: 'Harbour & "Sons" Academy' });
  const project = await saveProject(owner.admin.client, owner.setId, 'Harbour pilots', [
    { first: 'Zoë', last: '<img src=x onerror=alert(1)>', email: 'zoe@example.com' },
    { first: 'Ida', last: 'Lewis', email: 'ida@example.com' },
  ]);
  await sendAndSettle(owner.admin.client, project);
  sent = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, project)).orderBy(recipients.id);
});
afterAll(async () => {
  await laurel?.close();
});

/** The size a WebP says it has, from its VP8/VP8L/VP8X header. */
function webpSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
}

describe('the certificate page as the server renders it', () => {
  it('is HTML with the certificate, its verification and its preview tags, every typed value escaped', async () => {
    const [zoe] = sent;
    const page = await visitor().get(`/c/${zoe!.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const body = page.body;
    // The hostile last name is text, never markup; so is the issuer's name.
    expect(body).not.toContain('<img src=x');
    expect(body).toContain('<h1 data-testid="recipient-name">Zoë &lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(body).toContain('Harbour &amp; &quot;Sons&quot; Academy');
    expect(body).toContain('<meta property="og:title" content="Seamanship – Zoë &lt;img src=x onerror=alert(1)&gt;" />');
    expect(body).toContain(`<meta property="og:image" content="http://laurel.test/api/c/${zoe!.token}/image.jpg?width=1200" />`);
    expect(body).toContain('Verified by Laurel');
    expect(body).toContain('data-testid="certificate-status">Valid<');
    expect(body).toContain(`href="http://laurel.test/api/c/${zoe!.token}/pdf" download`);
    expect(body).toContain(`href="http://laurel.test/api/c/${zoe!.token}/linkedin"`);
    expect(body).toContain(`<time datetime="2030-12-31">December 31, 2030</time>`);
    // No inline script: the page runs only its one small external file.
    expect(body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    // The image: WebP at the offered widths, sized from the design (Letter landscape, 640×494) so nothing moves.
    const img = /<img src="([^"]+)" srcset="([^"]+)"[\s\S]*?width="(\d+)" height="(\d+)" alt="([^"]+)" fetchpriority="high"/.exec(body)!;
    expect(img).not.toBeNull();
    expect(img[2]!.split(', ').map((c) => c.split(' ')[1])).toEqual(['400w', '800w', '1200w']);
    expect([img[3], img[4]]).toEqual(['1200', String(Math.round((494 * 1200) / 640))]);
    expect(img[5]).toBe('Seamanship awarded to Zoë &lt;img src=x onerror=alert(1)&gt; by Harbour &amp; &quot;Sons&quot; Academy');
    // Opening the page is the recipient opening the certificate.
    const [after] = await laurel.context.db.select().from(recipients).where(eq(recipients.id, zoe!.id));
    expect(after!.accessed_at).not.toBeNull();
  });

  it('serves its stylesheet and script under addresses cached for good', async () => {
    const body = (await visitor().get(`/c/${sent[0]!.token}`)).body;
    const css = /<link rel="stylesheet" href="([^"]+)"/.exec(body)![1]!;
    const js = /<script src="([^"]+)" defer>/.exec(body)![1]!;
    for (const [url, type] of [
      [css, 'text/css; charset=utf-8'],
      [js, 'text/javascript; charset=utf-8'],
    ] as const) {
      const file = await visitor().get(url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await visitor().get('/c/assets/page.old.css')).statusCode).toBe(404);
  });

  it('draws the image as WebP at each offered width, cached for good under its version', async () => {
    const body = (await visitor().get(`/c/${sent[0]!.token}`)).body;
    const srcset = /srcset="([^"]+)"/.exec(body)![1]!.replace(/&amp;/g, '&');
    for (const candidate of srcset.split(', ')) {
      const [url, descriptor] = candidate.split(' ');
      const width = Number(descriptor!.replace('w', ''));
      const started = performance.now();
      const image = await visitor().get(url!);
      const took = performance.now() - started;
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(webpSize(image.rawPayload)).toEqual({ width, height: Math.round((494 * width) / 640) });
      // A second request is answered from what was drawn.
      const again = performance.now();
      expect((await visitor().get(url!)).rawPayload.equals(image.rawPayload)).toBe(true);
      console.info(
        `image.webp width ${width}: ${image.rawPayload.length} bytes, drawn in ${took.toFixed(0)} ms, again in ${(performance.now() - again).toFixed(0)} ms`,
      );
    }
    const token = sent[0]!.token;
    const stale = await visitor().get(`/api/c/${token}/image.webp?width=800&v=older`);
    expect(stale.headers['cache-control']).toBe('public, no-cache');
    const revalidated = await laurel.app.inject({
      method: 'GET',
      url: `/api/c/${token}/image.webp?width=800`,
      headers: { host: 'laurel.test', 'if-none-match': stale.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    // Only the widths the page offers are drawn.
    expect((await visitor().get(`/api/c/${token}/image.webp?width=1999`)).statusCode).toBe(400);
  });

  it('says REVOKED with the date and reason, and offers no download', async () => {
    const ida = sent[1]!;
    const revoke = await owner.admin.client.post(`/api/recipients/${ida.id}/revoke`, { reason: 'Course <b>not</b> completed' });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const body = (await visitor().get(`/c/${ida.token}`)).body;
    expect(body).toContain('Revoked by its issuer');
    expect(body).not.toContain('Verified by Laurel');
    expect(body).toContain('data-testid="certificate-status">Revoked<');
    // "Revoked on {date}: {reason}", the reason as the issuer wrote it and never as markup.
    expect(body).toMatch(
      /data-testid="status-text">Revoked on <time datetime="\d{4}-\d{2}-\d{2}">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time>: Course &lt;b&gt;not&lt;\/b&gt; completed<\/p>/,
    );
    expect(body).toContain('data-testid="revoked-stamp"');
    expect(body).not.toContain('Download PDF');
    expect(body).not.toContain('Add to LinkedIn profile');
    expect(body).toContain('<title>Revoked: Seamanship – Ida Lewis</title>');
  });

  it('answers 404 with a page for a link that leads nowhere, and 410 once the issuer closed its account', async () => {
    const missing = await visitor().get(`/c/${'x'.repeat(32)}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toContain('<h1>Certificate not found</h1>');

    await laurel.context.db.update(accounts).set({ deleted_at: new Date() }).where(eq(accounts.id, owner.accountId));
    const withdrawn = await visitor().get(`/c/${sent[1]!.token}`);
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.body).toContain(`<h1>${ACCOUNT_DELETION_MESSAGES.withdrawn}</h1>`);
    expect(withdrawn.body).not.toContain('Ida');
    await laurel.context.db.update(accounts).set({ deleted_at: null }).where(eq(accounts.id, owner.accountId));
  });
});
