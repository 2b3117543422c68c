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

/**
 * Verifies an OpenBadgeCredential someone brings (a file from the verify page): its proof, its dates and
 * its revocation status, with the same library a verifier elsewhere would use. Only credentials of
 * Laurel's own issuers can be checked here: another issuer's DID would have to be fetched, and
 * verification never reaches the network.
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
  };
}

/** The messages of a failed verification, the nested ones included, each once. */
function problemsOf(result: VerifyResult): string[] {
  const errors = [result.error, ...(result.error?.errors ?? []), ...(result.results ?? []).map((r) => r.error), result.statusResult?.error];
  return [...new Set(errors.filter((error): error is Error => !!error).map((error) => error.message))];
}

const verifySuite = new DataIntegrityProof({ cryptosuite });

export async function verifyOpenBadge(context: AppContext, credential: unknown): Promise<CredentialVerification> {
  const empty = { issuer: null, recipient_name: null, achievement_name: null, valid_from: null, valid_until: null };
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
  if (!publicId || !(await issuerByPublicId(context, publicId)))
    return { status: 'unknown_issuer', ...report, problems: [`The issuer ${issuerId} is not an issuer of this Laurel.`] };

  const now = context.clock.now();
  const validUntil = report.valid_until ? new Date(report.valid_until) : null;
  const expired = !!validUntil && !Number.isNaN(validUntil.getTime()) && validUntil < now;
  const result = await verifyCredential({
    credential,
    suite: verifySuite,
    documentLoader: documentLoader(localDocuments(context)),
    checkStatus: (options) => checkStatus({ ...options, suite: verifySuite }),
    // An expired credential is still checked for tampering: at a moment it was valid.
    now: expired ? new Date(validUntil!.getTime() - 1000) : now,
  });
  if (!result.verified) return { status: 'tampered', ...report, problems: problemsOf(result) };
  if (result.statusResult?.results?.some((entry) => entry.status))
    return { status: 'revoked', ...report, problems: ['The issuer has revoked this credential.'] };
  if (expired) return { status: 'expired', ...report, problems: [`It expired on ${report.valid_until}.`] };
  return { status: 'valid', ...report, problems: [] };
}
