import type { CertificateDesign } from '@laurel/certificate';
import type { accounts } from '../../db/schema.ts';
import { assertFeature } from '../billing/index.ts';

type AccountRow = typeof accounts.$inferSelect;

/**
 * Plan gates of docs/product/billing-and-credits.md#who-may-do-what that a saved design must respect at `now`, read from the
 * plan catalogue (a running trial lends its plan's features).
 */
export function assertPlanAllows(account: AccountRow, design: CertificateDesign, now: Date): void {
  const all = [...design.elements, ...design.back_side_elements];
  if (all.some((e) => e.type === 'qrcode')) assertFeature(account, 'qr_code', now);
  if (design.use_two_side && design.back_side_elements.length > 0) assertFeature(account, 'two_sided', now);
  // docs/product/account.md#who-may-do-what: placing the account's logo on a certificate needs a premium (paid) account or the trial.
  if (all.some((e) => e.type === 'logo')) assertFeature(account, 'logo', now);
}
