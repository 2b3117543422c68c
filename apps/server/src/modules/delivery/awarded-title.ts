import { certificateTitle, migrateDesign } from '@laurel/certificate';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { certificateSets, type projects } from '../../db/schema.ts';
import { achievementName } from '../open-badges/index.ts';

/**
 * What the recipient was awarded, as share links, the email's picture and the portal name it: the title printed on the
 * certificate, or the set's name when the design prints none. LinkedIn's add-to-profile entry is named otherwise
 * (`profileEntryName`).
 */
type Snapshot = (typeof projects.$inferSelect)['snapshot'];

/**
 * Titles by snapshot object: a delivery batch's recipients share one copy of their project (`claimMany`), so its
 * design is migrated once a batch rather than once a message. Weak, so a title lives no longer than the snapshot
 * it was worked out from.
 */
const titles = new WeakMap<Snapshot, string>();

export function awardedTitle(snapshot: Snapshot): string {
  let title = titles.get(snapshot);
  if (title === undefined) {
    title = certificateTitle(migrateDesign(snapshot.design)) ?? snapshot.name;
    titles.set(snapshot, title);
  }
  return title;
}

/**
 * The name of the certificate's entry on a LinkedIn profile: the certificate set's name, as its Open Badges
 * achievement is named (`achievementName`), never the heading printed on it ("Certificate of Completion" names no
 * course). `setName` is the set's name now, null when the set is gone.
 */
export const profileEntryName = (setName: string | null, snapshot: Snapshot): string => achievementName(setName, snapshot.name);

/** The current name of a project's certificate set, read as the achievement reads it (the set of the project's account). */
export async function setNameOf(
  context: AppContext,
  project: Pick<typeof projects.$inferSelect, 'certificate_id' | 'account_id'>,
): Promise<string | null> {
  if (project.certificate_id === null) return null;
  const [set] = await context.db
    .select({ name: certificateSets.name })
    .from(certificateSets)
    .where(and(eq(certificateSets.id, project.certificate_id), eq(certificateSets.account_id, project.account_id)));
  return set?.name ?? null;
}
