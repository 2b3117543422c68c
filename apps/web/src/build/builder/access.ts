import { canCreateCertificateSets, canEditCertificateSets, canEditEmails, planLevel, type UserDto } from '@laurel/domain';

/**
 * What the signed-in user may do in the builder: role flags (spec 2 §6, the rules the server applies)
 * and plan gates.
 */
export interface BuilderAccess {
  editDesign: boolean;
  editEmail: boolean;
  create: boolean;
  qrCode: boolean;
  twoSided: boolean;
  customFonts: boolean;
  maxOwnFonts: number;
  logo: boolean;
  isSuperAdmin: boolean;
}

export function builderAccess(user: UserDto): BuilderAccess {
  const role = user.roles[0]?.name;
  const account = user.account;
  const level = account ? planLevel(account) : 0;
  return {
    editDesign: canEditCertificateSets(user),
    editEmail: canEditEmails(user),
    create: canCreateCertificateSets(user),
    qrCode: level >= 2 || Boolean(account?.allow_qrcode),
    twoSided: level >= 3 || Boolean(account?.allow_two_side_certificate),
    customFonts: level >= 2,
    maxOwnFonts: account?.plan.settings.max_own_fonts ?? 0,
    logo: level >= 1,
    isSuperAdmin: role === 'global_admin',
  };
}
