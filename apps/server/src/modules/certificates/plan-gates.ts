import type { CertificateDesign } from '@laurel/certificate';
import type { accounts } from '../../db/schema.ts';
import { assertFeature } from '../billing/index.ts';

type AccountRow = typeof accounts.$inferSelect;

/** Plan gates of spec 2 §6 that a saved design must respect, read from the plan catalogue. */
export function assertPlanAllows(account: AccountRow, design: CertificateDesign): void {
  const all = [...design.elements, ...design.back_side_elements];
  if (all.some((e) => e.type === 'qrcode')) assertFeature(account, 'qr_code');
  if (design.use_two_side && design.back_side_elements.length > 0) assertFeature(account, 'two_sided');
  // Spec 2 §6: placing the account's logo on a certificate needs a premium (paid) account.
  if (all.some((e) => e.type === 'logo')) assertFeature(account, 'logo');
}
