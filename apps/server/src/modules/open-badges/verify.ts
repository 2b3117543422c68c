import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import { type VerifyResult, verifyCredential } from '@digitalbazaar/vc';
import type { CredentialVerification } from '@laurel/domain';
import type { AppContext } from '../../context.ts';
import { publicIdOfDid } from './did-web.ts';
import { documentLoader } from './document-loader.ts';
import { issuerByPublicId } from './issuer.ts';
import { localDocuments } from './local-documents.ts';
import { checkStatus } from './status.ts';
import { validityWindow } from './validity.ts';
import { issuedCredential, revocationOf } from './versions.ts';

/**
 * Verifies an OpenBadgeCredential someone brings (a file from the verify page): its proof, its revocation
 * status and, apart from the proof, its dates (validity.ts), with the same library a verifier elsewhere
 * would use. Only credentials of Laurel's own issuers can be checked here: another issuer's DID would have
 * to be fetched, and verification never reaches the network.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const asArray = (value: unknown) => (Array.isArray(value) ? value : [value]);

/** What the report can say before any check: who issued it, to whom, for what, when. */
function facts(credential: Json) {
  const issuer = isObject(credential.issuer) ? credential.issuer : null;
  const issuerId = text(credential.issuer) ?? text(issuer?.id);
  const subject = isObject(credential.credentialSubject) ? credential.credentialSubject : null;
  const achievement = isObject(subject?.achievement) ? subject.achievement : null;
  return {
    issuerId,
    issuer: issuerId ? { id: issuerId, name: text(issuer?.name) ?? '' } : null,
    recipient_name: text(subject?.name),
    achievement_name: text(achievement?.name) ?? text(credential.name),
    valid_from: text(credential.validFrom),
    valid_until: text(credential.validUntil),
    ...NOT_SUPERSEDED,
  };
}

/** What only some outcomes have: a replacing version (superseded), a revocation's date and reason, a file judged (verify-file.ts). */
const NOT_SUPERSEDED = {
  superseded_at: null,
  current_url: null,
  revoked_at: null,
  revocation_reason: null,
  document: null,
  issued_image_url: null,
};

/** The messages of a failed verification, the nested ones included, each once. */
function problemsOf(result: VerifyResult): string[] {
  const errors = [result.error, ...(result.error?.errors ?? []), ...(result.results ?? []).map((r) => r.error), result.statusResult?.error];
  return [...new Set(errors.filter((error): error is Error => !!error).map((error) => error.message))];
}

const verifySuite = new DataIntegrityProof({ cryptosuite });

/** A genuine credential's standing when its dates do not hold now. */
const WINDOW_STATUS = { inverted: 'invalid_dates', not_yet_valid: 'not_yet_valid', expired: 'expired' } as const;

export async function verifyOpenBadge(context: AppContext, credential: unknown): Promise<CredentialVerification> {
  const empty = { issuer: null, recipient_name: null, achievement_name: null, valid_from: null, valid_until: null, ...NOT_SUPERSEDED };
  if (!isObject(credential)) return { status: 'malformed', ...empty, problems: ['This is not a credential: a JSON object was expected.'] };
  const { issuerId, ...report } = facts(credential);
  const types = asArray(credential.type);
  const shapeProblems = [
    !Array.isArray(credential['@context']) && 'It has no JSON-LD @context.',
    !(types.includes('VerifiableCredential') && (types.includes('OpenBadgeCredential') || types.includes('AchievementCredential'))) &&
      'It is not an OpenBadgeCredential.',
    !isObject(credential.proof) && !Array.isArray(credential.proof) && 'It carries no proof.',
    !issuerId && 'It names no issuer.',
  ].filter((problem): problem is string => !!problem);
  if (shapeProblems.length) return { status: 'malformed', ...report, problems: shapeProblems };

  const publicId = publicIdOfDid(context.env, issuerId!);
  const issuer = publicId ? await issuerByPublicId(context, publicId) : null;
  if (!issuer) return { status: 'unknown_issuer', ...report, problems: [`The issuer ${issuerId} is not an issuer of this Laurel.`] };

  const window = validityWindow(credential, context.clock.now());
  if (!('standing' in window)) return { status: 'malformed', ...report, problems: window.problems };
  const result = await verifyCredential({
    credential,
    suite: verifySuite,
    documentLoader: documentLoader(localDocuments(context)),
    checkStatus: (options) => checkStatus({ ...options, suite: verifySuite }),
    // The signature is checked whatever the dates say: a genuine credential out of its window is not a forged one.
    ...window.signatureCheck,
  });
  if (!result.verified) return { status: 'tampered', ...report, problems: problemsOf(result) };
  // Its status bit is set, as a revoked one's is; here it can be told apart, and pointed to the current version.
  const issued = await issuedCredential(context, issuer.accountId, credential);
  if (issued?.supersededAt) {
    const on = issued.supersededAt.toISOString();
    return {
      status: 'superseded',
      ...report,
      superseded_at: on,
      current_url: `${context.env.PUBLIC_URL}/c/${issued.token}`,
      problems: [`A corrected version replaced it on ${on.slice(0, 10)}.`],
    };
  }
  if (result.statusResult?.results?.some((entry) => entry.status)) {
    // When and why, as the certificate's page says them; a credential of a certificate since deleted has only its status bit.
    const revocation = issued ? await revocationOf(context, issued) : null;
    return { status: 'revoked', ...report, ...revocation, problems: ['The issuer has revoked this credential.'] };
  }
  if (window.standing !== 'current') return { status: WINDOW_STATUS[window.standing], ...report, problems: window.problems };
  return { status: 'valid', ...report, problems: [] };
}
