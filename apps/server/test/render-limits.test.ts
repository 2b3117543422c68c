import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { fontFilePath, nodeFontProvider } from '@laurel/certificate/node';
import { createCanvas } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, recipients } from '../src/db/schema.ts';
import { errorOf, type registerConfirmedAdmin } from './helpers/api.ts';
import { issuerWithCertificate, NAME_ELEMENT } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';

/**
 * A PNG whose header declares `width`×`height` pixels, with a few bytes of compressed data: a small
 * file that a decoder would turn into width × height × 4 bytes. It need not decode; it must be refused first.
 */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const TOO_LARGE = 'An image in this design is too large to render (30000×30000 pixels; at most 8000 pixels a side).';
const LOGO = { left: '270px', top: '40px', width: '100px', height: '100px' };

const sink = new SmtpSink();
let laurel: TestLaurel;
let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
let bombSetId: number;
let plainSetId: number;

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start() });
  const bomb = `data:image/png;base64,${pngDeclaring(30_000, 30_000).toString('base64')}`;
  ({ admin, setId: bombSetId } = await issuerWithCertificate(laurel, {
    credits: 10,
    name: 'Image bomb',
    elements: [NAME_ELEMENT, { type: 'image', content: bomb, styles: LOGO }],
  }));
  const plain = await admin.client.post('/api/certificates', { name: 'Plain', elements: [NAME_ELEMENT] });
  plainSetId = plain.json().id;
});
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

const health = async () => (await laurel.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'laurel.test' } })).statusCode;

describe('an image too large to render', () => {
  it('fails the PNG preview and the PDF with the reason, and the server keeps answering', async () => {
    for (const url of [`/api/certificates/${bombSetId}/image/image.png`, `/api/certificates/${bombSetId}/pdf?type=stream`]) {
      const response = await admin.client.get(url);
      expect(response.statusCode, url).toBe(422);
      expect(errorOf(response).errors, url).toEqual([TOO_LARGE]);
    }
    expect(await health()).toBe(200);
    expect((await admin.client.get(`/api/certificates/${plainSetId}/image/image.png`)).statusCode).toBe(200);
  });

  it('fails a send to its recipient with the reason, and gives the credit back', async () => {
    const project = await admin.client.post('/api/projects', {
      title: 'Bomb send',
      certificate_id: bombSetId,
      recipients: [{ FIRST_NAME: 'Zoë', LAST_NAME: 'Okafor', 'Email Address': 'zoe.bomb@example.com' }],
    });
    expect(project.statusCode).toBe(200);
    const projectId: number = project.json().id;
    const credits = async () => {
      const [row] = await laurel.context.db.select().from(accounts).where(eq(accounts.id, admin.user.account!.id));
      return row!.credits + row!.subscription_credits;
    };
    const before = await credits();
    const send = await admin.client.post(`/api/projects/${projectId}/send-emails`, { sender_name: 'Faculty' });
    expect(send.json()).toMatchObject({ success: true, queued: 1 });

    let recipient: typeof recipients.$inferSelect | undefined;
    for (let i = 0; i < 300 && !['failed', 'sent', 'bounced'].includes(recipient?.state ?? ''); i++) {
      await new Promise((r) => setTimeout(r, 100));
      [recipient] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId));
    }
    expect(recipient?.state).toBe('failed');
    expect(recipient!.sent_details.at(-1)).toMatchObject({ event: 'failed', detail: TOO_LARGE });
    expect(sink.messages.some((m) => JSON.stringify(m.to).includes('zoe.bomb@example.com'))).toBe(false);
    expect(await credits()).toBe(before);
  });
});

describe('the render time limit', () => {
  it('stops a render past the limit, fails only that request, and renders the next one', async () => {
    const renders = laurel.context.renders;
    const limit = renders.timeLimitMs;
    renders.timeLimitMs = 1;
    try {
      // The largest preview the API draws: encoding alone takes far longer than a millisecond.
      const slow = await admin.client.get(`/api/certificates/${plainSetId}/image/image.png?width=3000`);
      expect(slow.statusCode).toBe(422);
      expect(errorOf(slow).errors[0]).toMatch(/^Rendering took too long \(more than 1 ms\) and was stopped\./);
      expect(await health()).toBe(200);
    } finally {
      renders.timeLimitMs = limit;
    }
    const next = await admin.client.get(`/api/certificates/${plainSetId}/image/image.png?width=3000`);
    expect(next.statusCode).toBe(200);
    expect(next.rawPayload.readUInt32BE(16)).toBe(3000);
  });
});

describe('renders in the render threads', () => {
  it('draw with the account’s own fonts and stored images, and none of it is loaded on the main thread', async () => {
    const accountId = admin.user.account!.id;
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'advanced-monthly-3' })
      .where(eq(accounts.id, accountId));
    const font = await admin.client.upload('/api/font/uploads', [
      { name: 'name', value: 'Brand Serif' },
      { name: 'file', value: readFileSync(fontFilePath('Playfair Display')), filename: 'brand.ttf' },
    ]);
    expect(font.statusCode).toBe(200);
    const red = createCanvas(40, 40);
    red.getContext('2d').fillStyle = '#ff0000';
    red.getContext('2d').fillRect(0, 0, 40, 40);
    const image = await admin.client.upload('/api/upload', [{ name: 'file', value: await red.encode('png'), filename: 'red.png' }]);
    const set = await admin.client.post('/api/certificates', {
      name: 'Own font',
      elements: [
        { ...NAME_ELEMENT, styles: { ...NAME_ELEMENT.styles, 'font-family': 'Brand Serif' } },
        { type: 'image', content: image.json().imagepath, styles: LOGO },
      ],
    });
    const setId: number = set.json().id;

    const pdf = await admin.client.get(`/api/certificates/${setId}/pdf?type=stream`);
    expect(pdf.statusCode).toBe(200);
    expect(execFileSync('pdffonts', ['-'], { input: pdf.rawPayload }).toString()).toMatch(/PlayfairDisplay/);
    const png = PNG.sync.read((await admin.client.get(`/api/certificates/${setId}/image/image.png`)).rawPayload);
    const centre = (90 * png.width + 320) * 4;
    expect([...png.data.subarray(centre, centre + 3)]).toEqual([255, 0, 0]);
    // The account's font was registered where the certificate was drawn, not in this thread.
    expect(nodeFontProvider.face(`a${accountId}-Brand Serif`, 400, false).id).not.toMatch(/^custom-/);
  });
});
