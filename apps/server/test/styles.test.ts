import { newDesign, newElement } from '@laurel/certificate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { styles } from '../src/db/schema.ts';
import { ApiClient, errorOf, registerConfirmedAdmin } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

let laurel: TestLaurel;
let superAdmin: ApiClient;
let member: ApiClient;
let styleId: number;

/** A template with the recipient's name, a data field of its own and a certificate number. */
function templateDesign() {
  const design = newDesign('Letter', false);
  const course = newElement('dynamic', 'Letter', { content: '[COURSE]' });
  course.styles = { ...course.styles, left: '120px', top: '260px', width: '400px' };
  return {
    ...design,
    elements: [...design.elements, newElement('name', 'Letter', { nameFormat: 'sep' }), course, newElement('certificate_number', 'Letter')],
  };
}

beforeAll(async () => {
  laurel = await startTestLaurel();
  member = (await registerConfirmedAdmin(laurel)).client;
  superAdmin = new ApiClient(laurel);
  await superAdmin.login('root@laurel.test', 'correct horse battery staple');
  const [style] = await laurel.context.db
    .insert(styles)
    .values({ name: `Harbour Classic ${Date.now()}`, design: templateDesign(), email: {} })
    .returning();
  styleId = style!.id;
});
afterAll(async () => {
  await laurel?.close();
});

describe('template gallery thumbnails', () => {
  it('are drawn with a sample name, number and date; the template’s own fields keep their placeholders', async () => {
    const { styles: all } = (await member.get('/api/styles')).json<{ styles: { id: number; image: string }[] }>();
    const image = new URL(all.find((s) => s.id === styleId)!.image, 'http://laurel.test');
    expect(image.pathname).toBe(`/api/styles/${styleId}/image/image.png`);
    expect(Object.fromEntries(image.searchParams)).toMatchObject({
      FIRST_NAME: 'Alex',
      LAST_NAME: 'Morgan',
      CERTIFICATE_NUMBER: 'SAMPLE-0001',
      COURSE: '[COURSE]',
    });
    expect(image.searchParams.get('EXPIRATION_DATE')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(image.searchParams.has('t')).toBe(true);

    const sampled = await member.get(`${image.pathname}${image.search}`);
    expect(sampled.statusCode).toBe(200);
    expect(sampled.headers['content-type']).toBe('image/png');
    const bare = await member.get(`${image.pathname}?t=${image.searchParams.get('t')}`);
    expect(Buffer.compare(sampled.rawPayload, bare.rawPayload)).not.toBe(0);
  });

  it('give the same address to the single template read', async () => {
    const one = (await member.get(`/api/styles/${styleId}`)).json<{ image: string }>();
    const listed = (await member.get('/api/styles'))
      .json<{ styles: { id: number; image: string }[] }>()
      .styles.find((s) => s.id === styleId)!;
    expect(one.image).toBe(listed.image);
  });
});

describe('a global template’s email preview', () => {
  it('composes the unsaved email with sample data for a super-admin and stores nothing', async () => {
    const preview = await superAdmin.post(`/api/styles/${styleId}/email-preview`, {
      email_subject: 'Hello [FIRST NAME], from [ACCOUNT_NAME]',
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json<{ subject: string; html: string; text: string }>();
    expect(body.subject).toBe('Hello Alex, from Laurel');
    expect(body.html).toContain('Congratulations Alex!');
    expect(body.text).toContain('Congratulations Alex!');
    const [stored] = await laurel.context.db.select().from(styles).where(eq(styles.id, styleId));
    expect(stored!.email).toEqual({});
  });

  it('holds the email to the editor’s rules', async () => {
    const refused = await superAdmin.post(`/api/styles/${styleId}/email-preview`, { email_subject: 'Get it: [DOWNLOAD_CERTIFICATE_LINK]' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errors[0]).toBe('The download certificate link can be inserted only into the email body.');
  });

  it('is for super-admins only, and a missing template is a 404', async () => {
    const denied = await member.post(`/api/styles/${styleId}/email-preview`, {});
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).error_type).toBe('permission');
    expect((await new ApiClient(laurel).post(`/api/styles/${styleId}/email-preview`, {})).statusCode).toBe(401);
    const missing = await superAdmin.post('/api/styles/999999/email-preview', {});
    expect(missing.statusCode).toBe(404);
    expect((await laurel.context.db.select().from(styles).where(eq(styles.id, styleId))).length).toBe(1);
  });
});
