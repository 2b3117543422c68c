import { ACHIEVEMENT_DESCRIPTION_MAX, defaultAchievementCriteria, defaultAchievementDescription } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../src/db/schema.ts';
import { ApiClient, errorOf } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { type Credential, independentVerifier } from './helpers/open-badges-verifier.ts';
import { put, saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

/**
 * The achievement a credential names is its certificate set: named after the set (two sets printing the same
 * heading stay apart in a wallet), described in the issuer's own words from the set's settings (or by default
 * sentences), and pictured by one public image of the set that every credential of it shares.
 */

let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;
let other: Awaited<ReturnType<typeof storeAccount>>;
const visitor = () => new ApiClient(laurel);
const HEADING = 'Certificate of Completion';

/** A set whose printed heading is the same as the other's: only its name tells them apart. */
async function setPrinting(client: ApiClient, name: string): Promise<number> {
  const response = await client.post('/api/certificates', {
    name,
    elements: [
      { type: 'text', content: HEADING, styles: { left: '35px', top: '60px', width: '570px', height: '50px', 'font-size': '36px' } },
      {
        type: 'name',
        content: '[FIRST NAME] [LAST NAME]',
        styles: { left: '35px', top: '200px', width: '570px', height: '40px', 'font-size': '28px' },
      },
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

async function sentCredentials(setId: number, title: string, people: { first: string; last: string; email: string }[]) {
  const projectId = await saveProject(owner.admin.client, setId, title, people);
  await sendAndSettle(owner.admin.client, projectId);
  const rows = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId)).orderBy(recipients.id);
  return Promise.all(rows.map((r) => credentialOf(r.token)));
}

async function credentialOf(token: string): Promise<Credential> {
  const response = await visitor().get(`/api/c/${token}/credential`);
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body);
}

let navigation: number;
let firstAid: number;

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '2' } });
  owner = await storeAccount(laurel, { name: 'Harbour School' });
  other = await storeAccount(laurel, { name: 'Other Harbour' });
  navigation = await setPrinting(owner.admin.client, 'Coastal Navigation');
  firstAid = await setPrinting(owner.admin.client, 'First Aid at Sea');
}, 120_000);
afterAll(async () => {
  await laurel?.close();
});

describe("a set's achievement settings", () => {
  it('are written in the set, trimmed, read back with it, copied with it, and held to their limits', async () => {
    const saved = await put(owner.admin.client, `/api/certificates/${firstAid}`, {
      achievement_description: '  Basic life support and casualty care aboard a small vessel.  ',
      achievement_criteria: 'Passed a practical assessment at sea and a written test of 40 questions.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'First Aid at Sea',
      achievement_description: 'Basic life support and casualty care aboard a small vessel.',
      achievement_criteria: 'Passed a practical assessment at sea and a written test of 40 questions.',
    });
    const read = (await owner.admin.client.get(`/api/certificates/${navigation}`)).json();
    expect(read).toMatchObject({ achievement_description: '', achievement_criteria: '' });

    const tooLong = await put(owner.admin.client, `/api/certificates/${firstAid}`, {
      achievement_description: 'x'.repeat(ACHIEVEMENT_DESCRIPTION_MAX + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong)).toMatchObject({
      message: 'Achievement description: Use at most 1,000 characters.',
      field: 'achievement_description',
    });
    expect((await owner.admin.client.get(`/api/certificates/${firstAid}`)).json().achievement_description).toMatch(/^Basic life support/);
    // Not part of the email: the email editor's own checks never see them.
    expect((await owner.admin.client.get(`/api/certificates/${firstAid}`)).json().email_body).not.toContain('Basic life support');
  });
});

describe("a credential's achievement", () => {
  let navigators: Credential[];
  let medics: Credential[];
  beforeAll(async () => {
    navigators = await sentCredentials(navigation, 'Navigators', [
      { first: 'Zoë', last: 'Ångström', email: 'zoe@example.com' },
      { first: 'Kofi', last: 'Mensah', email: 'kofi@example.com' },
    ]);
    medics = await sentCredentials(firstAid, 'Medics', [{ first: 'Ines', last: 'Ferreira', email: 'ines@example.com' }]);
  }, 120_000);

  it("is named after the set, not the heading both sets print, so two sets' credentials stay apart", async () => {
    const [zoe, kofi] = navigators;
    const [ines] = medics;
    expect(zoe!.name).toBe('Coastal Navigation');
    expect(zoe!.credentialSubject.achievement.name).toBe('Coastal Navigation');
    expect(ines!.name).toBe('First Aid at Sea');
    expect(ines!.credentialSubject.achievement.name).toBe('First Aid at Sea');
    expect(JSON.stringify(zoe)).not.toContain(HEADING);
    expect(kofi!.credentialSubject.achievement.id).toBe(zoe!.credentialSubject.achievement.id);
    expect(ines!.credentialSubject.achievement.id).not.toBe(zoe!.credentialSubject.achievement.id);
  });

  it("says what the issuer wrote in the set's settings, or plain default sentences naming the set and the issuer", async () => {
    expect(navigators[0]!.credentialSubject.achievement).toMatchObject({
      description: defaultAchievementDescription('Coastal Navigation', 'Harbour School'),
      criteria: { narrative: defaultAchievementCriteria('Coastal Navigation', 'Harbour School') },
    });
    expect(navigators[0]!.description).toBe(defaultAchievementDescription('Coastal Navigation', 'Harbour School'));
    expect(medics[0]!.credentialSubject.achievement).toMatchObject({
      description: 'Basic life support and casualty care aboard a small vessel.',
      criteria: { narrative: 'Passed a practical assessment at sea and a written test of 40 questions.' },
    });
  });

  it('is pictured by one public image of the set, shared by its credentials, served to anyone and kept by caches', async () => {
    const [zoe, kofi] = navigators;
    const image = zoe!.credentialSubject.achievement.image;
    const publicId = zoe!.issuer.id.split(':').at(-1);
    expect(image).toEqual({
      id: expect.stringMatching(new RegExp(`^http://laurel\\.test/issuers/${publicId}/achievements/[0-9a-f]{24}/image\\.png$`)),
      type: 'Image',
    });
    expect(kofi!.credentialSubject.achievement.image).toEqual(image);
    expect(medics[0]!.credentialSubject.achievement.image.id).not.toBe(image.id);
    // No recipient's link in it: the certificate's own picture stays on its page.
    const [first] = await laurel.context.db.select().from(recipients).where(eq(recipients.email, 'zoe@example.com'));
    expect(image.id).not.toContain(first!.token);

    const { pathname } = new URL(image.id);
    const response = await visitor().get(pathname);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await visitor().get(pathname)).rawPayload.equals(response.rawPayload)).toBe(true);

    // Nothing answers for an id that is no set's, nor for this set under another issuer.
    expect((await visitor().get(`/issuers/${publicId}/achievements/000000000000000000000000/image.png`)).statusCode).toBe(404);
    const achievementId = pathname.split('/')[4];
    const otherIssuer = await otherIssuerPublicId();
    expect((await visitor().get(`/issuers/${otherIssuer}/achievements/${achievementId}/image.png`)).statusCode).toBe(404);
  });

  it('passes an independent verifier', async () => {
    for (const credential of [...navigators, ...medics]) {
      const { verified, problems, result } = await independentVerifier(laurel).independentlyVerify(credential);
      expect(verified, JSON.stringify([problems, result.error?.message])).toBe(true);
    }
  });

  it('stays as it was signed when the settings change; the next credentials say what the set says then', async () => {
    const before = (await visitor().get(new URL(navigators[0]!.id).pathname)).body;
    const renamed = await put(owner.admin.client, `/api/certificates/${navigation}`, {
      name: 'Coastal Navigation (Day Skipper)',
      achievement_description: 'Plans and makes coastal passages by day.',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await visitor().get(new URL(navigators[0]!.id).pathname)).body).toBe(before);

    const [later] = await sentCredentials(navigation, 'Navigators, autumn', [{ first: 'Mei', last: 'Chen', email: 'mei@example.com' }]);
    expect(later!.credentialSubject.achievement).toMatchObject({
      id: navigators[0]!.credentialSubject.achievement.id,
      name: 'Coastal Navigation (Day Skipper)',
      description: 'Plans and makes coastal passages by day.',
      criteria: { narrative: defaultAchievementCriteria('Coastal Navigation (Day Skipper)', 'Harbour School') },
      image: navigators[0]!.credentialSubject.achievement.image,
    });
  });

  it('is copied with the set: a duplicate starts with the same settings', async () => {
    const copy = await owner.admin.client.post(`/api/certificates/${firstAid}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json()).toMatchObject({
      name: 'First Aid at Sea (duplicate)',
      achievement_description: 'Basic life support and casualty care aboard a small vessel.',
    });
  });
});

/** The other account's issuer id, made by its first credential. */
async function otherIssuerPublicId(): Promise<string> {
  const projectId = await saveProject(other.admin.client, other.setId, 'Theirs', [
    { first: 'Ada', last: 'Okafor', email: 'ada@example.com' },
  ]);
  await sendAndSettle(other.admin.client, projectId);
  const [row] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId));
  return (await credentialOf(row!.token)).issuer.id.split(':').at(-1);
}
