import type { CertificateDesign } from '@laurel/certificate';
import { planLevel } from '@laurel/domain';
import type { accounts } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';

type AccountRow = typeof accounts.$inferSelect;

/** Plan gates of spec 2 §6 that a saved design must respect. */
export function assertPlanAllows(account: AccountRow, design: CertificateDesign): void {
  const level = planLevel(account);
  const all = [...design.elements, ...design.back_side_elements];
  if (all.some((e) => e.type === 'qrcode') && level < 2 && !account.allow_qrcode) {
    throw forbidden('QR codes are available on the Advanced Monthly plan or higher.', {
      error_type: 'upgrade',
      redirect: '/account/subscription',
    });
  }
  if (design.use_two_side && design.back_side_elements.length > 0 && level < 3 && !account.allow_two_side_certificate) {
    throw forbidden('Two-sided certificates are available on the Professional Monthly plan or higher.', {
      error_type: 'upgrade',
      redirect: '/account/subscription',
    });
  }
}
