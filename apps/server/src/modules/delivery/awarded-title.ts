import { certificateTitle, migrateDesign } from '@laurel/certificate';
import type { projects } from '../../db/schema.ts';

/**
 * What the recipient was awarded, as LinkedIn and share links name it: the title printed on the
 * certificate, or the set's name when the design prints none.
 */
export function awardedTitle(snapshot: (typeof projects.$inferSelect)['snapshot']): string {
  return certificateTitle(migrateDesign(snapshot.design)) ?? snapshot.name;
}
