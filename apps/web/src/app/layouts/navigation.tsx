import { isBillingPath } from '@laurel/domain';
import {
  type Icon,
  IconActivity,
  IconAddressBook,
  IconAffiliate,
  IconArchive,
  IconBuildingBank,
  IconCertificate,
  IconCoins,
  IconCreditCard,
  IconDiscount2,
  IconFolders,
  IconGlobe,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconMail,
  IconPhoto,
  IconReceipt,
  IconRepeat,
  IconSend,
  IconSettings,
  IconShieldLock,
  IconSpeakerphone,
  IconTemplate,
  IconTexture,
  IconTrash,
  IconUserCircle,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Also active on these path prefixes (a section that spans more than one root path). */
  alsoActiveOn?: readonly string[];
  /** Only for the account's admins: sub-users are not offered a screen that would refuse them. */
  adminsOnly?: boolean;
}

/** The product's main areas, in the order the spec's header lists them. */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Build', to: '/build', icon: IconCertificate },
  { label: 'Send', to: '/send', icon: IconSend },
  { label: 'Store', to: '/store', icon: IconArchive },
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Account', to: '/account', icon: IconUserCircle, alsoActiveOn: ['/api-integrations', '/api-integrations/reference'] },
];

/** The super-admin area (docs/product/access-and-routes.md#screens admin routes), grouped the way the work is done. */
export const ADMIN_NAV: readonly { group: string; items: readonly NavItem[] }[] = [
  {
    group: 'Design library',
    items: [
      { label: 'Templates', to: '/admin/build', icon: IconTemplate },
      { label: 'Backgrounds', to: '/admin/build/backgrounds', icon: IconTexture },
      { label: 'Images', to: '/admin/build/images', icon: IconPhoto },
      { label: 'Mappings', to: '/admin/build/mappings', icon: IconAffiliate },
    ],
  },
  {
    group: 'Customers',
    items: [
      { label: 'Accounts', to: '/admin/accounts', icon: IconBuildingBank },
      { label: 'Activity', to: '/admin/activity', icon: IconActivity },
      { label: 'Settings', to: '/admin/accounts/settings', icon: IconSettings },
      { label: 'Projects', to: '/projects', icon: IconFolders },
      { label: 'Custom domains', to: '/custom-domains', icon: IconGlobe },
    ],
  },
  {
    group: 'Billing',
    items: [
      { label: 'Credits', to: '/credits', icon: IconCoins },
      { label: 'Subscriptions', to: '/subscriptions', icon: IconCreditCard },
      { label: 'PAYG log', to: '/payg-log', icon: IconReceipt },
      { label: 'Promo codes', to: '/promo-codes', icon: IconDiscount2 },
    ],
  },
  {
    group: 'Messages',
    items: [
      { label: 'Outbox', to: '/admin/outbox', icon: IconMail },
      { label: 'Resend attempts', to: '/resend-attempts', icon: IconRepeat },
      { label: 'Announcements', to: '/announcements', icon: IconSpeakerphone },
    ],
  },
];

/** Account settings, shown beside every /account screen (`accountNavFor` leaves out what a sub-user may not open). */
export const ACCOUNT_NAV: readonly { group: string; items: readonly NavItem[] }[] = [
  {
    group: 'Account',
    items: [
      { label: 'Profile', to: '/account', icon: IconUserCircle },
      { label: 'Users', to: '/account/manage-users', icon: IconAddressBook, adminsOnly: true },
      { label: 'Recipient portal', to: '/account/configure-portal-settings', icon: IconGlobe, adminsOnly: true },
      { label: 'Email settings', to: '/account/email-settings', icon: IconMail, adminsOnly: true },
    ],
  },
  {
    group: 'Security',
    items: [
      { label: 'Two-factor authentication', to: '/account/two-factored-authentication', icon: IconShieldLock },
      { label: 'Single sign-on', to: '/account/single-sign-on', icon: IconAffiliate },
      { label: 'API & integrations', to: '/api-integrations', icon: IconKey },
    ],
  },
  {
    group: 'Plan & billing',
    items: [
      { label: 'Subscription', to: '/account/subscription', icon: IconCreditCard },
      { label: 'Plans', to: '/account/billing-subscriptions', icon: IconCoins },
      { label: 'Purchase credits', to: '/account/purchase-credits', icon: IconReceipt },
      { label: 'Automatic purchases', to: '/account/automatic-purchases', icon: IconRepeat },
      { label: 'Billing information', to: '/account/billing-information', icon: IconBuildingBank },
      { label: 'Billing history', to: '/account/billing-history', icon: IconHistory },
    ],
  },
  {
    group: 'Other',
    items: [
      { label: 'Updates', to: '/account/updates', icon: IconSpeakerphone, adminsOnly: true },
      { label: 'Delete account', to: '/account/delete', icon: IconTrash, adminsOnly: true },
    ],
  },
];

/**
 * The account settings a user is offered: sub-users do not see the screens only admins may use, nor the billing
 * screens, which the route guard keeps them from with the same rule (`isBillingPath`).
 */
export function accountNavFor(subUser: boolean): { group: string; items: readonly NavItem[] }[] {
  const hidden = (item: NavItem) => subUser && (item.adminsOnly || isBillingPath(item.to));
  return ACCOUNT_NAV.map((group) => ({ group: group.group, items: group.items.filter((item) => !hidden(item)) })).filter(
    (group) => group.items.length > 0,
  );
}
