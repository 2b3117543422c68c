import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../src/db/schema.ts';
import { ApiClient } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '2' } });
  owner = await storeAccount(laurel);
});
afterAll(async () => {
  await laurel?.close();
});

const name = {
  type: 'name',
  content: '[FIRST NAME] [LAST NAME]',
  styles: { left: '35px', top: '200px', width: '570px', 'font-size': '40px' },
};
const course = { type: 'dynamicText', content: 'for completing [COURSE]', styles: { left: '120px', top: '260px', width: '400px' } };
const expiry = { type: 'expiration_date', content: '[EXPIRATION_DATE]', styles: { left: '120px', top: '320px', width: '300px' } };

/** Sends one certificate of a new set and reads the name its page hands to LinkedIn. */
async function linkedInName(setName: string, texts: Record<string, unknown>[]): Promise<string | null> {
  const set = await owner.admin.client.post('/api/certificates', {
    name: setName,
    expiration_date_format: 'DD/MM/YYYY',
    elements: [name, course, expiry, ...texts],
  });
  expect(set.statusCode, set.body).toBe(200);
  const project = await saveProject(owner.admin.client, set.json().id, `${setName} send`, [
    { first: 'Zoë', last: 'Ångström', email: `zoe.${set.json().id}@example.com` },
  ]);
  await sendAndSettle(owner.admin.client, project);
  const [row] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, project));
  const page = await new ApiClient(laurel).get(`/api/c/${row!.token}`);
  expect(page.statusCode, page.body).toBe(200);
  // The page links to Laurel, which records the first add and redirects to LinkedIn's form.
  const hop = await new ApiClient(laurel).get(new URL(page.json().linkedin_url).pathname);
  expect(hop.statusCode, hop.body).toBe(302);
  return new URL(hop.headers.location as string).searchParams.get('name');
}

describe('the credential name a certificate page sends to LinkedIn', () => {
  it('is the certificate set’s name, as its Open Badges achievement is, not the heading printed on it', async () => {
    const title = {
      type: 'text',
      content: 'Certificate of&nbsp;<br>Seamanship',
      styles: { left: '70px', top: '80px', width: '500px', 'font-size': '32px' },
    };
    const smaller = { type: 'text', content: 'Harbour School', styles: { left: '70px', top: '30px', width: '500px', 'font-size': '14px' } };
    const hidden = {
      type: 'text',
      content: 'Draft only',
      styles: { left: '70px', top: '10px', width: '500px', 'font-size': '60px', display: 'none' },
    };
    // The heading is what certificateTitle reads (its own test); a profile entry names the course, which the set does.
    expect(await linkedInName('Seamanship, level 2', [smaller, title, hidden])).toBe('Seamanship, level 2');
  });

  it("falls back to the set's name when the certificate prints no fixed text", async () => {
    expect(await linkedInName('Night navigation', [])).toBe('Night navigation');
  });
});
