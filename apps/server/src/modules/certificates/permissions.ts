import type { CertificateDesign } from '@laurel/certificate';
import { planLevel } from '@laurel/domain';
import type { accounts, users } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';

type AccountRow = typeof accounts.$inferSelect;
type UserRow = typeof users.$inferSelect;

const isSubUser = (user: UserRow) => user.roles[0] === 'account_user';

export function assertMayCreate(user: UserRow): void {
  if (isSubUser(user) && !user.allow_certificate_set_create)
    throw forbidden('You are not allowed to create certificates. Please ask your account administrator.');
}

export function assertMayEditDesign(user: UserRow): void {
  if (isSubUser(user) && !user.allow_certificate_set_edits)
    throw forbidden('You are not allowed to edit certificates. Please ask your account administrator.');
}

export function assertMayEditEmail(user: UserRow): void {
  if (isSubUser(user) && !user.allow_certificate_email_edits)
    throw forbidden('You are not allowed to edit certificate emails. Please ask your account administrator.');
}

/** Sub-users limited to some sets see only those (and the ones they created). */
export function visibleSetFilter(user: UserRow): { ids: number[]; createdBy: number } | null {
  if (!isSubUser(user) || user.allow_all_certificate_sets) return null;
  return { ids: user.allowed_certificate_sets, createdBy: user.id };
}

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
