import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../src/db/schema.ts';
import { ApiClient } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { SmtpSink } from './helpers/smtp-sink.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

/**
 * LinkedIn's "Add to profile" entry is named after the certificate set, as the Open Badges achievement is, not after
 * the heading printed on the certificate: "Certificate of Completion" names no course. The certificate page's link,
 * the portal's (the same link) and the email's button say the same name.
 */

const sink = new SmtpSink();
let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;
let recipient: typeof recipients.$inferSelect;
const visitor = () => new ApiClient(laurel);
const entryName = (url: string) => new URL(url).searchParams.get('name');

beforeAll(async () => {
  laurel = await startTestLaurel({ smtpUrl: await sink.start(), env: { WORKERS: '2' } });
  owner = await storeAccount(laurel, { premium: true, name: 'Harbour School' });
  const set = await owner.admin.client.post('/api/certificates', {
    name: 'Radar Operator',
    elements: [
      {
        type: 'text',
        content: 'Certificate of Completion',
        styles: { left: '35px', top: '60px', width: '570px', height: '50px', 'font-size': '36px' },
      },
      {
        type: 'name',
        content: '[FIRST NAME] [LAST NAME]',
        styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '28px' },
      },
      { type: 'dynamicText', content: 'for completing [COURSE]', styles: { left: '120px', top: '260px', width: '400px', height: '30px' } },
    ],
  });
  expect(set.statusCode, set.body).toBe(200);
  const setId = set.json().id as number;
  const linkedIn = await owner.admin.client.call('PUT', `/api/certificates/${setId}`, { show_linkedin: true });
  expect(linkedIn.statusCode, linkedIn.body).toBe(200);
  const project = await saveProject(owner.admin.client, setId, 'Radar course', [
    { first: 'Ines', last: 'Ferreira', email: 'ines.linkedin@example.com' },
  ]);
  await sendAndSettle(owner.admin.client, project);
  const [sent] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, project));
  recipient = sent!;
}, 120_000);
afterAll(async () => {
  await laurel?.close();
  await sink.stop();
});

describe("LinkedIn's add-to-profile entry", () => {
  it('is named after the certificate set on the page, in the email and in the credential alike', async () => {
    // The page's (and the portal's) link counts the click and goes on to LinkedIn.
    const hop = await visitor().get(`/api/c/${recipient.token}/linkedin`);
    expect(hop.statusCode).toBe(302);
    expect(entryName(hop.headers.location as string)).toBe('Radar Operator');

    const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes('ines.linkedin@example.com'));
    const button = /https:\/\/www\.linkedin\.com\/profile\/add\?\S+/.exec(mail.text ?? '')?.[0];
    expect(button, 'the email carries the LinkedIn button').toBeDefined();
    expect(entryName(button!)).toBe('Radar Operator');

    const credential = JSON.parse((await visitor().get(`/api/c/${recipient.token}/credential`)).body);
    expect(credential.credentialSubject.achievement.name).toBe('Radar Operator');
    // What is printed stays the page's and the share links' title.
    expect((await visitor().get(`/api/c/${recipient.token}`)).json().certificate_name).toBe('Radar Operator');
    expect(mail.text).not.toContain('name=Certificate%20of%20Completion');
  });
});
