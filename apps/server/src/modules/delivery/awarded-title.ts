import { certificateTitle, migrateDesign } from '@laurel/certificate';
import type { projects } from '../../db/schema.ts';

/**
 * What the recipient was awarded, as LinkedIn and share links name it: the title printed on the
 * certificate, or the set's name when the design prints none.
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
