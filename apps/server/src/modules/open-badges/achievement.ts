import { createHash, randomBytes } from 'node:crypto';
import { defaultAchievementCriteria, defaultAchievementDescription } from '@laurel/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { certificateSets } from '../../db/schema.ts';
import type { Issuer } from './issuer.ts';
import type { IssuerProfile } from './profile.ts';

/**
 * What a credential was awarded for: the certificate set, one Achievement shared by every credential of it.
 * Named after the set, described in the issuer's words (the set's settings) or by default sentences, and
 * pictured by one public image of the set (`achievement-image.ts`). Read from the set as it is when the
 * credential is signed; a credential already signed keeps what it said.
 */

export interface AchievementFacts {
  /** A stable `urn:uuid:` per issuer and set. */
  id: string;
  name: string;
  description: string;
  criteria: string;
  /** The set's image, the same for every credential of it; null when the set is gone. */
  imageUrl: string | null;
}

/**
 * What an achievement is called: the certificate set's name as the set says it now, or the name the project kept
 * when the set is gone. LinkedIn's add-to-profile entries take the same name (delivery's `profileEntryName`).
 */
export const achievementName = (setName: string | null | undefined, keptName: string): string => setName ?? keptName;

/** A name-based UUID (version 8) from SHA-256, so the same issuer and set give the same id in every process. */
function urnUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The public address of a set's achievement image, under its issuer. */
export const achievementImageUrl = (context: AppContext, issuer: Issuer, setPublicId: string) =>
  `${context.env.PUBLIC_URL}/issuers/${issuer.publicId}/achievements/${setPublicId}/image.png`;

/** The set's public id, given on first use: the one statement keeps whichever id was written first. */
async function setPublicId(context: AppContext, setId: number, current: string | null): Promise<string> {
  if (current) return current;
  const [row] = await context.db
    .update(certificateSets)
    .set({ public_id: sql`coalesce(${certificateSets.public_id}, ${randomBytes(12).toString('hex')})` })
    .where(eq(certificateSets.id, setId))
    .returning({ publicId: certificateSets.public_id });
  return row!.publicId!;
}

async function readAchievement(
  context: AppContext,
  issuer: Issuer,
  profile: IssuerProfile,
  setId: number | null,
  fallbackName: string,
): Promise<AchievementFacts> {
  const [set] = setId
    ? await context.db
        .select({
          id: certificateSets.id,
          name: certificateSets.name,
          description: certificateSets.achievement_description,
          criteria: certificateSets.achievement_criteria,
          publicId: certificateSets.public_id,
        })
        .from(certificateSets)
        .where(and(eq(certificateSets.id, setId), eq(certificateSets.account_id, issuer.accountId)))
    : [];
  // A project whose set no longer exists: the set's name as the project kept it, without an image.
  const name = achievementName(set?.name, fallbackName);
  return {
    id: urnUuid(set ? `${issuer.publicId}\nset\n${set.id}` : `${issuer.publicId}\nname\n${name}`),
    name,
    description: set?.description || defaultAchievementDescription(name, profile.name),
    criteria: set?.criteria || defaultAchievementCriteria(name, profile.name),
    imageUrl: set ? achievementImageUrl(context, issuer, await setPublicId(context, set.id, set.publicId)) : null,
  };
}

/**
 * Achievements are read once per batch signed: a batch's signatures share one issuer profile object, which
 * keys its memo, so a send of a thousand certificates of one set reads the set once.
 */
const perBatch = new WeakMap<IssuerProfile, Map<string, Promise<AchievementFacts>>>();

export function achievementOf(
  context: AppContext,
  issuer: Issuer,
  profile: IssuerProfile,
  setId: number | null,
  fallbackName: string,
): Promise<AchievementFacts> {
  let memo = perBatch.get(profile);
  if (!memo) {
    memo = new Map();
    perBatch.set(profile, memo);
  }
  const key = `${setId ?? ''}\n${fallbackName}`;
  let achievement = memo.get(key);
  if (!achievement) {
    achievement = readAchievement(context, issuer, profile, setId, fallbackName);
    memo.set(key, achievement);
  }
  return achievement;
}
