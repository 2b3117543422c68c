import { createHash } from 'node:crypto';
import { OB_V3_CONTEXT, VC_V2_CONTEXT } from './document-loader.ts';
import type { IssuerProfile } from './profile.ts';
import type { StatusEntry } from './status.ts';

/**
 * A recipient's certificate as an unsigned Open Badges 3.0 `OpenBadgeCredential` (OB 3.0 §B.1.1, in the
 * VC Data Model 2.0). Built from plain values, so it can be made wherever signing happens.
 */

export interface CredentialFacts {
  /** The credential's own address (where it is downloaded). */
  id: string;
  issuer: IssuerProfile;
  /** What was awarded: the title printed on the certificate, or the set's name. */
  title: string;
  achievementId: string;
  description: string;
  criteria: string;
  /** The certificate drawn as an image. */
  imageUrl: string;
  /** The certificate's public page, given as evidence. */
  pageUrl: string;
  recipientName: string;
  recipientEmail: string;
  /** Salt for the recipient's hashed email: random per credential, so equal addresses do not give equal hashes. */
  salt: string;
  issuedAt: Date;
  /** YYYY-MM-DD, the last day it holds; null when it does not expire. */
  expiresOn: string | null;
  status: StatusEntry;
}

/** XML Schema dateTime to the second, as credentials are usually written. */
export const dateTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** OB 3.0 §B.1.10 IdentityObject: `sha256$` and the hex SHA-256 of the salted address. */
export function identityHash(email: string, salt: string): string {
  return `sha256$${createHash('sha256')
    .update(email.trim().toLowerCase() + salt)
    .digest('hex')}`;
}

export function buildCredential(facts: CredentialFacts) {
  return {
    '@context': [VC_V2_CONTEXT, OB_V3_CONTEXT],
    id: facts.id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: facts.issuer,
    name: facts.title,
    description: facts.description,
    validFrom: dateTime(facts.issuedAt),
    // A certificate holds through its last day, as its page says (UTC).
    ...(facts.expiresOn ? { validUntil: `${facts.expiresOn}T23:59:59Z` } : {}),
    credentialSubject: {
      type: ['AchievementSubject'],
      name: facts.recipientName,
      identifier: [
        {
          type: 'IdentityObject',
          identityHash: identityHash(facts.recipientEmail, facts.salt),
          identityType: 'emailAddress',
          hashed: true,
          salt: facts.salt,
        },
      ],
      achievement: {
        id: facts.achievementId,
        type: ['Achievement'],
        name: facts.title,
        description: facts.description,
        criteria: { narrative: facts.criteria },
        image: { id: facts.imageUrl, type: 'Image' },
      },
    },
    evidence: [
      {
        id: facts.pageUrl,
        type: ['Evidence'],
        name: 'Certificate page',
        description: 'The certificate as issued, verified by its issuer.',
      },
    ],
    credentialStatus: facts.status,
  };
}

export type UnsignedCredential = ReturnType<typeof buildCredential>;
