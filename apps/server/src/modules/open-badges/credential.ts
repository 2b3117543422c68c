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
  /** What was awarded: the certificate set's name, the achievement's and the credential's. */
  title: string;
  achievementId: string;
  description: string;
  criteria: string;
  /** The achievement's image, one for every credential of the set; null for none. */
  imageUrl: string | null;
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

/**
 * `validUntil`: the expiry day's last second (UTC), as the certificate's page counts it, but never before
 * `validFrom`, which VC 2.0 forbids and verifiers refuse. A certificate issued after its expiry day (sent
 * before such sends were refused, or queued on its last day and delivered after midnight) ends the moment
 * it begins: genuine, and already expired, as its page says.
 */
export function validUntil(expiresOn: string | null, validFrom: string): string | null {
  if (!expiresOn) return null;
  const end = `${expiresOn}T23:59:59Z`;
  return end < validFrom ? validFrom : end;
}

/** OB 3.0 §B.1.10 IdentityObject: `sha256$` and the hex SHA-256 of the salted address. */
export function identityHash(email: string, salt: string): string {
  return `sha256$${createHash('sha256')
    .update(email.trim().toLowerCase() + salt)
    .digest('hex')}`;
}

export function buildCredential(facts: CredentialFacts) {
  const validFrom = dateTime(facts.issuedAt);
  const until = validUntil(facts.expiresOn, validFrom);
  return {
    '@context': [VC_V2_CONTEXT, OB_V3_CONTEXT],
    id: facts.id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: facts.issuer,
    name: facts.title,
    description: facts.description,
    validFrom,
    ...(until ? { validUntil: until } : {}),
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
        ...(facts.imageUrl ? { image: { id: facts.imageUrl, type: 'Image' as const } } : {}),
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
