import type { CertificateDesign } from '@laurel/certificate';
import type { accounts } from '../../db/schema.ts';
import { assertFeature } from '../billing/index.ts';

type AccountRow = typeof accounts.$inferSelect;

/** Plan gates of docs/product/billing-and-credits.md#who-may-do-what that a saved design must respect, read from the plan catalogue. */
export function assertPlanAllows(account: AccountRow, design: CertificateDesign): void {
  const all = [...design.elements, ...design.back_side_elements];
  if (all.some((e) => e.type === 'qrcode')) assertFeature(account, 'qr_code');
  if (design.use_two_side && design.back_side_elements.length > 0) assertFeature(account, 'two_sided');
  // docs/product/account.md#who-may-do-what: placing the account's logo on a certificate needs a premium (paid) account.
  if (all.some((e) => e.type === 'logo')) assertFeature(account, 'logo');
}
