import { VERIFY_MESSAGES } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../src/db/schema.ts';
import { ApiClient, errorOf } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

let laurel: TestLaurel;
let sent: (typeof recipients.$inferSelect)[];
let draft: (typeof recipients.$inferSelect)[];

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '2' } });
  const owner = await storeAccount(laurel);
  const sentProject = await saveProject(owner.admin.client, owner.setId, 'Harbour pilots', [
    { first: 'Zoë', last: 'Ångström', email: 'zoe@example.com' },
    { first: '小明', last: '王', email: 'wang@example.com' },
    { first: 'Ola', last: 'Løvstad', email: 'ola@example.com' },
  ]);
  await sendAndSettle(owner.admin.client, sentProject);
  const draftProject = await saveProject(owner.admin.client, owner.setId, 'Not yet sent', [
    { first: 'Ines', last: 'Ferreira', email: 'ines@example.com' },
  ]);
  sent = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, sentProject)).orderBy(recipients.id);
  draft = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, draftProject));
});
afterAll(async () => {
  await laurel?.close();
});

describe('verifying a certificate by its number and last name', () => {
  it("leads to the certificate's public page, whatever the case or composition typed", async () => {
    const verifier = new ApiClient(laurel);
    const [zoe, wang] = sent;
    // "Ångström" typed with a combining ring and in capitals.
    const typed = await verifier.post('/api/verify', {
      certificate_number: ` ${zoe!.certificate_number.toLowerCase()} `,
      last_name: 'A\u030ANGSTRÖM',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toEqual({ token: zoe!.token, url: `http://laurel.test/c/${zoe!.token}` });
    const page = await verifier.get(`/api/c/${typed.json().token}`);
    expect(page.json()).toMatchObject({ status: 'valid', recipient_name: 'Zoë Ångström' });

    const cjk = await verifier.post('/api/verify', { certificate_number: wang!.certificate_number, last_name: '王' });
    expect(cjk.json().token).toBe(wang!.token);
  });

  it('matches the last name typed without its accents, in any case', async () => {
    const verifier = new ApiClient(laurel);
    const [zoe, , ola] = sent;
    for (const [person, typed] of [
      [zoe!, 'Angstrom'],
      [zoe!, 'ANGSTRÖM'],
      [ola!, 'lovstad'],
    ] as const) {
      const found = await verifier.post('/api/verify', { certificate_number: person.certificate_number, last_name: typed });
      expect(found.statusCode, `${typed}: ${found.body}`).toBe(200);
      expect(found.json().token).toBe(person.token);
    }
    const other = await verifier.post('/api/verify', { certificate_number: ola!.certificate_number, last_name: 'Lovstadt' });
    expect(other.statusCode).toBe(404);
  });

  it('needs both: a right number with another last name, or a certificate not sent, finds nothing', async () => {
    const verifier = new ApiClient(laurel);
    for (const body of [
      { certificate_number: sent[0]!.certificate_number, last_name: 'Okafor' },
      { certificate_number: draft[0]!.certificate_number, last_name: 'Ferreira' },
      { certificate_number: 'no-such-number', last_name: 'Ångström' },
    ]) {
      const response = await verifier.post('/api/verify', body);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).errors[0]).toBe(VERIFY_MESSAGES.noMatch);
    }
    const empty = await verifier.post('/api/verify', { certificate_number: ' ', last_name: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('cannot be used to walk the numbers: the 11th try in a minute from one address answers 429', async () => {
    const walker = new ApiClient(laurel);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await walker.post('/api/verify', { certificate_number: `${sent[0]!.project_id}-${i}`, last_name: 'Smith' })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
    const right = await walker.post('/api/verify', { certificate_number: sent[0]!.certificate_number, last_name: 'Ångström' });
    expect(right.statusCode).toBe(429);
  });
});

describe("a certificate link's preview (server-rendered head)", () => {
  /** The page as a preview robot reads it: no script run, its head only. */
  const pageHead = async (token: string) => {
    const page = await laurel.app.inject({
      method: 'GET',
      url: `/c/${token}`,
      headers: {
        host: 'laurel.test',
        'user-agent': 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      },
    });
    return { status: page.statusCode, head: page.body.split('</head>')[0]! };
  };

  it('names the certificate, the recipient and the issuer, with the image, without counting as opened', async () => {
    const [zoe] = sent;
    const { head } = await pageHead(zoe!.token);
    expect(head).toContain('<title>Seamanship – Zoë Ångström</title>');
    expect(head).toContain(`<meta property="og:image" content="http://laurel.test/api/c/${zoe!.token}/image.jpg?width=1200" />`);
    expect(head).toContain('<meta property="og:title" content="Seamanship – Zoë Ångström" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const wang = sent[1]!;
    await pageHead(wang.token);
    const [after] = await laurel.context.db.select().from(recipients).where(eq(recipients.id, wang.id));
    expect(after!.accessed_at).toBeNull();
  });

  it('escapes what recipients and issuers typed, and gives nothing for drafts', async () => {
    const wang = sent[1]!;
    await laurel.context.db.update(recipients).set({ last_name: '"/><script>alert(1)</script>' }).where(eq(recipients.id, wang.id));
    const { head } = await pageHead(wang.token);
    expect(head).not.toContain('<script>');
    expect(head).toContain('&quot;/&gt;&lt;script&gt;');
    const drafted = await pageHead(draft[0]!.token);
    expect(drafted.status).toBe(404);
    expect(drafted.head).not.toContain('og:title');
  });
});
