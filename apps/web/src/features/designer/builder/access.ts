import {
  canCreateCertificateSets,
  canEditCertificateSets,
  canEditEmails,
  type Feature,
  reportedFeature,
  type UserDto,
} from '@laurel/domain';

/**
 * What the signed-in user may do in the builder: role flags (docs/product/builder.md#who-may-do-what, the rules the server applies)
 * and the plan catalogue's gates.
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
  const has = (feature: Feature) => (account ? reportedFeature(account, feature) : false);
  return {
    editDesign: canEditCertificateSets(user),
    editEmail: canEditEmails(user),
    create: canCreateCertificateSets(user),
    qrCode: has('qr_code'),
    twoSided: has('two_sided'),
    customFonts: has('custom_fonts'),
    maxOwnFonts: account?.plan.settings.max_own_fonts ?? 0,
    logo: has('logo'),
    isSuperAdmin: role === 'global_admin',
  };
}
