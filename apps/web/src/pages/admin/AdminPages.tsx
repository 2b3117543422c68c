import {
  IconAffiliate,
  IconBuildingBank,
  IconCoins,
  IconCreditCard,
  IconDiscount2,
  IconFolders,
  IconGlobe,
  IconPhoto,
  IconReceipt,
  IconRepeat,
  IconSettings,
  IconSpeakerphone,
  IconTemplate,
  IconTexture,
} from '@tabler/icons-react';
import { useParams } from 'react-router';
import { SectionPage, sectionPage } from '../../components/SectionPage.tsx';

const icon = (Icon: typeof IconTemplate) => <Icon size={26} stroke={1.6} />;
const eyebrow = 'Admin';

/** The super-admin screens (spec 1 §2 admin routes); their tools arrive with the admin features. */
export const AdminTemplatesPage = sectionPage({
  eyebrow,
  title: 'Templates',
  description: 'Certificate designs offered to every account as a starting point in Build.',
  icon: icon(IconTemplate),
  empty: {
    title: 'Publish the first template',
    description: 'Templates appear in every account’s gallery. Start from a design that works for most organisations.',
    action: { label: 'Open Build', to: '/build' },
  },
});

export const AdminBackgroundsPage = sectionPage({
  eyebrow,
  title: 'Backgrounds',
  description: 'Background artwork that every account can place behind a certificate design.',
  icon: icon(IconTexture),
  empty: {
    title: 'No backgrounds in the library',
    description: 'Upload borders, textures and frames at print resolution; accounts choose them in the builder.',
    action: { label: 'See templates', to: '/admin/build' },
  },
});

export const AdminImagesPage = sectionPage({
  eyebrow,
  title: 'Images',
  description: 'Seals, badges and ornaments shared with every account’s image library.',
  icon: icon(IconPhoto),
  empty: {
    title: 'No shared images yet',
    description: 'Images added here are available to every designer in Laurel.',
    action: { label: 'See backgrounds', to: '/admin/build/backgrounds' },
  },
});

export const AdminMappingsPage = sectionPage({
  eyebrow,
  title: 'Mappings',
  description: 'How spreadsheet columns are matched to certificate fields when recipients are imported.',
  icon: icon(IconAffiliate),
  empty: {
    title: 'No mappings yet',
    description: 'A mapping remembers which column holds the name, the email address and each custom field.',
    action: { label: 'Create a mapping', to: '/admin/build/mappings/create' },
  },
});

export const AdminMappingCreatePage = sectionPage({
  eyebrow,
  title: 'New mapping',
  description: 'Name the mapping and match each expected column to a certificate field.',
  icon: icon(IconAffiliate),
  empty: {
    title: 'Describe the columns',
    description: 'Start with the columns every import has: the recipient’s name and email address.',
    action: { label: 'All mappings', to: '/admin/build/mappings' },
  },
});

export function AdminMappingPage() {
  const { id } = useParams();
  return (
    <SectionPage
      def={{
        eyebrow,
        title: `Mapping ${id ?? ''}`.trim(),
        description: 'The columns this mapping expects and the certificate fields they fill.',
        icon: icon(IconAffiliate),
        empty: {
          title: 'No columns in this mapping',
          description: 'Add the columns an import must contain and the field each one fills.',
          action: { label: 'All mappings', to: '/admin/build/mappings' },
        },
      }}
    />
  );
}

export const AdminAccountsPage = sectionPage({
  eyebrow,
  title: 'Accounts',
  description: 'Every organisation using Laurel: plans, credits, users, and the actions support needs.',
  icon: icon(IconBuildingBank),
  empty: {
    title: 'Accounts appear as they register',
    description: 'Search by name, email or portal address, then impersonate, grant credits or adjust a plan.',
    action: { label: 'View the outbox', to: '/admin/outbox' },
  },
});

export const AdminSettingsPage = sectionPage({
  eyebrow,
  title: 'Settings',
  description: 'Service-wide settings: promo codes at registration, reminder days and notification rules.',
  icon: icon(IconSettings),
  empty: {
    title: 'Defaults are in effect',
    description: 'Laurel runs with its standard settings until you change them here.',
    action: { label: 'Manage promo codes', to: '/promo-codes' },
  },
});

export const AdminCreditsPage = sectionPage({
  eyebrow,
  title: 'Credits',
  description: 'Grant or correct credits for an account. Every change is recorded in the credit ledger.',
  icon: icon(IconCoins),
  empty: {
    title: 'No credit changes yet',
    description: 'Grants and corrections appear here with who made them and why.',
    action: { label: 'Find an account', to: '/admin/accounts' },
  },
});

export const AdminSubscriptionsPage = sectionPage({
  eyebrow,
  title: 'Subscriptions',
  description: 'Active plans across all accounts, and plans granted by hand when payments are not configured.',
  icon: icon(IconCreditCard),
  empty: {
    title: 'No subscriptions yet',
    description: 'Subscribed accounts are listed here with their plan, renewal date and monthly credits.',
    action: { label: 'Find an account', to: '/admin/accounts' },
  },
});

export const AdminAnnouncementsPage = sectionPage({
  eyebrow,
  title: 'Announcements',
  description: 'Messages shown once to every signed-in user, for releases and planned maintenance.',
  icon: icon(IconSpeakerphone),
  empty: {
    title: 'No announcements',
    description: 'The newest active announcement is shown to each user once, the next time they open Laurel.',
    action: { label: 'Back to accounts', to: '/admin/accounts' },
  },
});

export const AdminResendAttemptsPage = sectionPage({
  eyebrow,
  title: 'Resend attempts',
  description: 'Certificates sent again after a bounce or at a recipient’s request, and how each attempt ended.',
  icon: icon(IconRepeat),
  empty: {
    title: 'No resends so far',
    description: 'Each resend is listed with its recipient, reason and delivery result.',
    action: { label: 'View the outbox', to: '/admin/outbox' },
  },
});

export const AdminProjectsPage = sectionPage({
  eyebrow,
  title: 'Projects',
  description: 'Every send across all accounts, with its size, progress and delivery results.',
  icon: icon(IconFolders),
  empty: {
    title: 'No projects yet',
    description: 'Projects appear here as soon as any account sends certificates.',
    action: { label: 'Find an account', to: '/admin/accounts' },
  },
});

export const AdminCustomDomainsPage = sectionPage({
  eyebrow,
  title: 'Custom domains',
  description: 'Portal addresses on customers’ own domains, with the state of their certificates.',
  icon: icon(IconGlobe),
  empty: {
    title: 'No custom domains',
    description: 'Enterprise accounts can serve their recipient portal from their own domain; those domains are listed here.',
    action: { label: 'Find an account', to: '/admin/accounts' },
  },
});

export const AdminPaygLogPage = sectionPage({
  eyebrow,
  title: 'PAYG log',
  description: 'Pay-as-you-go credit purchases: who bought which pack, when, and for how much.',
  icon: icon(IconReceipt),
  empty: {
    title: 'No purchases yet',
    description: 'Each completed credit purchase is recorded here with its payment reference.',
    action: { label: 'See credits', to: '/credits' },
  },
});

export const AdminPromoCodesPage = sectionPage({
  eyebrow,
  title: 'Promo codes',
  description: 'Codes that give new accounts extra credits or a discount when they register or subscribe.',
  icon: icon(IconDiscount2),
  empty: {
    title: 'No promo codes',
    description: 'Create a code for a campaign or a partner and follow how often it is used.',
    action: { label: 'Registration settings', to: '/admin/accounts/settings' },
  },
});
