import { buildCredential, type CredentialFacts } from '../../src/modules/open-badges/credential.ts';

/** The issuer of the signing tests and bench: Harbour School, by its did:web. */
export const HARBOUR_SCHOOL: CredentialFacts['issuer'] = {
  id: 'did:web:laurel.example:issuers:0123456789abcdef01234567',
  type: ['Profile'],
  name: 'Harbour School',
  url: 'https://harbour.example',
  image: { id: 'https://laurel.example/api/files/logo.png', type: 'Image' },
};

/**
 * The unsigned credential a send of Harbour School's "Seamanship" makes for the recipient at `token`, in
 * status list 0 at `index`; `facts` replaces any of it.
 */
export function seamanshipCredential(token: string, index: number, facts: Partial<CredentialFacts> = {}) {
  return buildCredential({
    id: `https://laurel.example/api/c/${token}/credential`,
    issuer: HARBOUR_SCHOOL,
    title: 'Seamanship',
    achievementId: 'urn:uuid:6f1c2d4e-8a9b-8c0d-9e1f-203142536475',
    description: 'Seamanship, awarded by Harbour School.',
    criteria: 'Awarded by Harbour School to the person named in this credential.',
    imageUrl: `https://laurel.example/api/c/${token}/image.png`,
    pageUrl: `https://laurel.example/c/${token}`,
    recipientName: `Recipient ${index}`,
    recipientEmail: `${token}@example.com`,
    salt: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    issuedAt: new Date(Date.UTC(2026, 0, 1)),
    expiresOn: '2030-12-31',
    status: {
      id: `https://laurel.example/issuers/x/status/0#${index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(index),
      statusListCredential: 'https://laurel.example/issuers/x/status/0',
    },
    ...facts,
  });
}
