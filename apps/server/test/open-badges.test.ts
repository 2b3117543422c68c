import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../src/db/schema.ts';
import { verifyOpenBadge } from '../src/modules/open-badges/index.ts';
import { ApiClient } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { type Credential, didWebUrl, independentVerifier } from './helpers/open-badges-verifier.ts';
import { saveProject, sendAndSettle, storeAccount } from './helpers/store-fixtures.ts';

/**
 * Every sent certificate is an Open Badges 3.0 OpenBadgeCredential. The checks here use a verifier of their
 * own (helpers/open-badges-verifier.ts), not the server's code, reading the issuer's documents from the
 * test server over HTTP as a verifier anywhere would.
 */

let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;
let people: (typeof recipients.$inferSelect)[];
const visitor = () => new ApiClient(laurel);
const fetchJson = (url: string) => independentVerifier(laurel).fetchJson(url);
const independentlyVerify = (credential: Credential) => independentVerifier(laurel).independentlyVerify(credential);

async function credentialOf(token: string): Promise<Credential> {
  const response = await visitor().get(`/api/c/${token}/credential`);
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body);
}

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '2' } });
  owner = await storeAccount(laurel, { name: 'Harbour School' });
  const project = await saveProject(owner.admin.client, owner.setId, 'Spring pilots', [
    { first: 'Zoë', last: 'Ångström', email: 'Zoe@Example.com' },
    { first: 'Kofi', last: 'Mensah', email: 'kofi@example.com' },
    { first: 'Ines', last: 'Ferreira', email: 'ines@example.com' },
    { first: 'Ada', last: 'Okafor', email: 'ada@example.com' },
  ]);
  await sendAndSettle(owner.admin.client, project);
  people = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, project)).orderBy(recipients.id);
}, 120_000);
afterAll(async () => {
  await laurel?.close();
});

describe("a certificate's Open Badges 3.0 credential", () => {
  it('is served by the public link as JSON-LD to download, the same bytes every time, and verifies independently', async () => {
    const token = people[0]!.token;
    const first = await visitor().get(`/api/c/${token}/credential`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename=".*\.credential\.json"/);
    const again = await visitor().get(`/api/c/${token}/credential`);
    expect(again.body).toBe(first.body);

    const { verified, revoked, result } = await independentlyVerify(JSON.parse(first.body));
    expect(verified, JSON.stringify(result.error ?? result.results)).toBe(true);
    expect(revoked).toBe(false);
  });

  it('fails verification when one character of its name is changed', async () => {
    const credential = await credentialOf(people[0]!.token);
    const forged = structuredClone(credential);
    forged.credentialSubject.name = forged.credentialSubject.name.replace('Z', 'X');
    expect((await independentlyVerify(forged)).verified).toBe(false);
    const retitled = structuredClone(credential);
    retitled.name = `${retitled.name}!`;
    expect((await independentlyVerify(retitled)).verified).toBe(false);
    expect((await verifyOpenBadge(laurel.context, forged)).status).toBe('tampered');
  });

  it('reports revoked once the issuer revokes the certificate, from the status list the server publishes, and valid again when reinstated', async () => {
    const person = people[1]!;
    const credential = await credentialOf(person.token);
    expect(credential.credentialStatus).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' });
    expect((await independentlyVerify(credential)).revoked).toBe(false);

    const revoke = await owner.admin.client.post(`/api/recipients/${person.id}/revoke`, { reason: 'Issued in error' });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const afterRevoke = await independentlyVerify(credential);
    expect(afterRevoke.verified).toBe(true); // the proof still holds: the status says it was withdrawn
    expect(afterRevoke.revoked).toBe(true);
    expect(await verifyOpenBadge(laurel.context, credential)).toMatchObject({ status: 'revoked', recipient_name: 'Kofi Mensah' });
    // The others on the same list are untouched.
    expect((await independentlyVerify(await credentialOf(people[0]!.token))).revoked).toBe(false);

    await owner.admin.client.post(`/api/recipients/${person.id}/reinstate`);
    expect((await independentlyVerify(credential)).revoked).toBe(false);
    expect((await verifyOpenBadge(laurel.context, credential)).status).toBe('valid');
  });

  it('still verifies after the issuer rotates its key, and later credentials are signed with the new key', async () => {
    const before = await credentialOf(people[2]!.token);
    const rotate = await owner.admin.client.post('/api/account/open-badges/rotate-key');
    expect(rotate.statusCode, rotate.body).toBe(200);
    // Credentials are signed as certificates are sent: the next send is signed with the new key.
    const later = await saveProject(owner.admin.client, owner.setId, 'Autumn pilots', [
      { first: 'Mei', last: 'Chen', email: 'mei@example.com' },
    ]);
    await sendAndSettle(owner.admin.client, later);
    const [mei] = await laurel.context.db.select().from(recipients).where(eq(recipients.project_id, later));
    const after = await credentialOf(mei!.token);
    // One signed before the rotation is kept as it was.
    expect((await credentialOf(people[3]!.token)).proof.verificationMethod).toBe(before.proof.verificationMethod);

    expect(after.proof.verificationMethod).toBe(rotate.json().key_id);
    expect(after.proof.verificationMethod).not.toBe(before.proof.verificationMethod);
    const did = await fetchJson(didWebUrl(before.issuer.id));
    expect(did.assertionMethod).toEqual([before.proof.verificationMethod, after.proof.verificationMethod]);
    expect((await independentlyVerify(before)).verified).toBe(true);
    expect((await independentlyVerify(after)).verified).toBe(true);
    // The status list is signed with the new key now, and still checks out for the old credential.
    expect((await independentlyVerify(before)).revoked).toBe(false);
  });

  it('has every field Open Badges 3.0 requires of an OpenBadgeCredential', async () => {
    const person = people[0]!;
    const c = await credentialOf(person.token);

    // OB 3.0 Appendix B.1, AchievementCredential (OpenBadgeCredential) and VC Data Model 2.0 §4.
    expect(c['@context'][0]).toBe('https://www.w3.org/ns/credentials/v2');
    expect(c['@context'][1]).toMatch(/^https:\/\/purl\.imsglobal\.org\/spec\/ob\/v3p0\/context-3\.0\.\d+\.json$/);
    expect(c.type).toEqual(expect.arrayContaining(['VerifiableCredential', 'OpenBadgeCredential']));
    expect(c.id).toBe(`http://laurel.test/api/c/${person.token}/credential`);
    expect(c.name).toBe('Seamanship');
    // Signed as it was sent, moments before the delivery recorded it as sent.
    const validFrom = new Date(c.validFrom).getTime();
    expect(c.validFrom).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(validFrom).toBeLessThanOrEqual(person.sent_at!.getTime());
    expect(validFrom).toBeGreaterThan(person.sent_at!.getTime() - 60_000);
    expect(c.validUntil).toBe(`${person.meta.EXPIRATION_DATE}T23:59:59Z`);
    expect(c.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', proofPurpose: 'assertionMethod' });
    expect(c.proof.proofValue).toMatch(/^z[1-9A-HJ-NP-Za-km-z]+$/);

    // OB 3.0 Appendix B.1, Profile: the issuer, its id a URI (here a did:web DID) and its type.
    expect(c.issuer.id).toMatch(/^did:web:laurel\.test:issuers:[a-z0-9]+$/);
    // An opaque id of its own, not the account's number.
    expect(c.issuer.id.split(':').at(-1)).toMatch(/^[0-9a-f]{24}$/);
    expect(c.issuer.type).toEqual(['Profile']);
    expect(c.issuer.name).toBe('Harbour School');
    expect(c.proof.verificationMethod.startsWith(`${c.issuer.id}#`)).toBe(true);

    // OB 3.0 Appendix B.1, AchievementSubject: its type, an achievement, and an id or an identifier.
    const subject = c.credentialSubject;
    expect(subject.type).toEqual(['AchievementSubject']);
    expect(subject.name).toBe('Zoë Ångström');

    // OB 3.0 Appendix B.1, IdentityObject: a salted SHA-256 of the lowercased address, never the address itself.
    const [identity] = subject.identifier;
    expect(identity).toMatchObject({ type: 'IdentityObject', identityType: 'emailAddress', hashed: true });
    expect(identity.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(identity.identityHash).toBe(`sha256$${createHash('sha256').update(`zoe@example.com${identity.salt}`).digest('hex')}`);
    expect(JSON.stringify(c).toLowerCase()).not.toContain('zoe@example.com');

    // OB 3.0 Appendix B.1, Achievement: id, type, name, description and criteria required; the set's image as its image.
    const achievement = subject.achievement;
    expect(achievement.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(achievement.type).toEqual(['Achievement']);
    expect(achievement.name).toBe('Seamanship');
    expect(achievement.description).toEqual(expect.any(String));
    expect(achievement.criteria.narrative).toEqual(expect.any(String));
    // OB 3.0 Appendix B.1, Image: one public image of the set, under its issuer.
    expect(achievement.image).toEqual({
      id: expect.stringMatching(
        new RegExp(`^http://laurel\\.test/issuers/${c.issuer.id.split(':').at(-1)}/achievements/[0-9a-f]{24}/image\\.png$`),
      ),
      type: 'Image',
    });
    // Every recipient of the set shares the achievement.
    expect((await credentialOf(people[3]!.token)).credentialSubject.achievement.id).toBe(achievement.id);

    // OB 3.0 Appendix B.1, Evidence: the certificate's page.
    expect(c.evidence).toEqual([expect.objectContaining({ id: `http://laurel.test/c/${person.token}`, type: ['Evidence'] })]);

    // Bitstring Status List §2.1: a BitstringStatusListEntry with its list's address.
    expect(c.credentialStatus.statusListCredential).toMatch(/^http:\/\/laurel\.test\/issuers\/[a-z0-9]+\/status\/0$/);
    expect(Number(c.credentialStatus.statusListIndex)).toBeGreaterThanOrEqual(0);
  });
});

describe('verifying a credential someone brings', () => {
  it('says expired for a credential past its validUntil, malformed for what is not a credential, unknown for another issuer', async () => {
    const person = people[3]!;
    const credential = await credentialOf(person.token);
    expect(await verifyOpenBadge(laurel.context, credential)).toMatchObject({
      status: 'valid',
      issuer: { id: credential.issuer.id, name: 'Harbour School' },
      recipient_name: 'Ada Okafor',
      achievement_name: 'Seamanship',
      problems: [],
    });

    // The same credential read after its last day (31 December 2030): still genuine, no longer in force.
    const later = { ...laurel.context, clock: { now: () => new Date('2031-01-01T12:00:00Z') } };
    expect(credential.validUntil).toBe('2030-12-31T23:59:59Z');
    expect(await verifyOpenBadge(later, credential)).toMatchObject({ status: 'expired', valid_until: '2030-12-31T23:59:59Z' });
    const forged = { ...credential, validUntil: '2040-12-31T23:59:59Z' };
    expect((await verifyOpenBadge(later, forged)).status).toBe('tampered');

    expect((await verifyOpenBadge(laurel.context, 'not json')).status).toBe('malformed');
    expect((await verifyOpenBadge(laurel.context, { ...credential, type: ['VerifiableCredential'] })).status).toBe('malformed');
    const foreign = { ...credential, issuer: { ...credential.issuer, id: 'did:web:elsewhere.example' } };
    expect((await verifyOpenBadge(laurel.context, foreign)).status).toBe('unknown_issuer');
  });

  it('answers 404 for a link, an issuer or a status list that does not exist', async () => {
    expect((await visitor().get('/api/c/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/credential')).statusCode).toBe(404);
    expect((await visitor().get('/issuers/000000000000000000000000/did.json')).statusCode).toBe(404);
    const credential = await credentialOf(people[0]!.token);
    const publicId = credential.issuer.id.split(':').at(-1);
    expect((await visitor().get(`/issuers/${publicId}/status/0`)).statusCode).toBe(200);
    expect((await visitor().get(`/issuers/${publicId}/status/1`)).statusCode).toBe(404);
  });

  it('lets only the account admin rotate the key', async () => {
    expect((await visitor().post('/api/account/open-badges/rotate-key')).statusCode).toBe(401);
  });
});
