import {
  IconAddressBook,
  IconAffiliate,
  IconCoins,
  IconCreditCard,
  IconGlobe,
  IconKey,
  IconMail,
  IconReceipt,
  IconRefresh,
  IconRepeat,
  IconShieldLock,
  IconTrash,
} from '@tabler/icons-react';
import { sectionPage } from '../../components/SectionPage.tsx';

const icon = (Icon: typeof IconKey) => <Icon size={26} stroke={1.6} />;
const eyebrow = 'Account';

/** The account screens whose content comes with their own features (spec 1 §2 account routes). */
export const ManageUsersPage = sectionPage({
  eyebrow,
  title: 'Users',
  description: 'Invite colleagues to design and send on this account, and choose exactly which certificate sets each one may use.',
  icon: icon(IconAddressBook),
  empty: {
    title: 'Work together on certificates',
    description: 'Team members get their own sign-in, their own credits allowance and only the rights you give them.',
    action: { label: 'See plans with team members', to: '/account/billing-subscriptions' },
  },
});

export const PortalSettingsPage = sectionPage({
  eyebrow,
  title: 'Recipient portal',
  description: 'The branded site where your recipients sign in to find, download and share their certificates.',
  icon: icon(IconGlobe),
  empty: {
    title: 'Make the portal yours',
    description: 'Add your name, colours, background and links, or serve the portal from your own domain with SSL.',
    action: { label: 'Compare plans', to: '/account/billing-subscriptions' },
  },
});

export const EmailSettingsPage = sectionPage({
  eyebrow,
  title: 'Email settings',
  description: 'Send certificates through Laurel’s mail service, or through your own mail server so they come from your domain.',
  icon: icon(IconMail),
  empty: {
    title: 'Laurel delivers your certificates',
    description:
      'Messages go out from Laurel’s own servers with your account’s name as the sender. Connect your own server to send from your address.',
    action: { label: 'Send certificates', to: '/send' },
  },
});

export const TwoFactorPage = sectionPage({
  eyebrow,
  title: 'Two-factor authentication',
  description: 'Protect your sign-in with a code from an authenticator app in addition to your password.',
  icon: icon(IconShieldLock),
  empty: {
    title: 'Add a second step to sign-in',
    description: 'With two-factor authentication, a stolen password alone is not enough to open your account.',
    action: { label: 'Back to profile', to: '/account' },
  },
});

export const SingleSignOnPage = sectionPage({
  eyebrow,
  title: 'Single sign-on',
  description: 'Let your organisation sign in to Laurel and to the recipient portal through your identity provider with SAML.',
  icon: icon(IconAffiliate),
  empty: {
    title: 'Connect your identity provider',
    description: 'Single sign-on is part of the Enterprise plan, together with portal customisation and a custom portal address.',
    action: { label: 'Compare plans', to: '/account/billing-subscriptions' },
  },
});

export const ApiIntegrationsPage = sectionPage({
  eyebrow,
  title: 'API & integrations',
  description: 'Issue certificates from your own systems. API keys are valid for three months and shown once when issued.',
  icon: icon(IconKey),
  empty: {
    title: 'Connect Laurel to your systems',
    description: 'Create an API key to send certificates automatically when a course is completed or an event ends.',
    action: { label: 'Back to profile', to: '/account' },
  },
});

export const PlansPage = sectionPage({
  eyebrow,
  title: 'Plans',
  description: 'Basic, Advanced, Professional and Enterprise: monthly plans with credits included, or pay as you go.',
  icon: icon(IconCreditCard),
  empty: {
    title: 'Choose the plan that fits',
    description: 'Every plan includes delivery, verification and the recipient portal. Change or cancel at any time.',
    action: { label: 'Buy credits instead', to: '/account/purchase-credits' },
  },
});

export const PurchaseCreditsPage = sectionPage({
  eyebrow,
  title: 'Purchase credits',
  description: 'Buy credit packs without a subscription. One credit sends one certificate, and credits do not expire.',
  icon: icon(IconCoins),
  empty: {
    title: 'Top up when you need to',
    description: 'Packs of 150, 250, 500 or 1,000 credits, added to your account as soon as the payment completes.',
    action: { label: 'Add billing information', to: '/account/billing-information' },
  },
});

export const AutomaticPurchasesPage = sectionPage({
  eyebrow,
  title: 'Automatic purchases',
  description: 'Never run out in the middle of a send: buy a credit pack automatically when your balance runs low.',
  icon: icon(IconRepeat),
  empty: {
    title: 'Keep your balance topped up',
    description: 'Choose a pack of 150, 250, 500 or 1,000 credits to buy whenever your available credits run out.',
    action: { label: 'Add billing information', to: '/account/billing-information' },
  },
});

export const BillingInformationPage = sectionPage({
  eyebrow,
  title: 'Billing information',
  description: 'The card and billing address used for your subscription and credit purchases.',
  icon: icon(IconCreditCard),
  empty: {
    title: 'No payment method yet',
    description: 'Add a card to subscribe or buy credits. Card details are handled by our payment provider and never stored by Laurel.',
    action: { label: 'Compare plans', to: '/account/billing-subscriptions' },
  },
});

export const BillingHistoryPage = sectionPage({
  eyebrow,
  title: 'Billing history',
  description: 'Every invoice for your subscription and credit purchases, ready to download.',
  icon: icon(IconReceipt),
  empty: {
    title: 'No invoices yet',
    description: 'Invoices appear here after your first payment.',
    action: { label: 'Compare plans', to: '/account/billing-subscriptions' },
  },
});

export const UpdatesPage = sectionPage({
  eyebrow,
  title: 'Updates',
  description: 'What is new in Laurel, and which version you are using.',
  icon: icon(IconRefresh),
  empty: {
    title: 'You are up to date',
    description: 'New features and improvements are announced here and in the app when they arrive.',
    action: { label: 'Back to dashboard', to: '/dashboard' },
  },
});

export const DeleteAccountPage = sectionPage({
  eyebrow,
  title: 'Delete account',
  description: 'Permanently delete this account, its certificate designs, projects and recipients.',
  icon: icon(IconTrash),
  empty: {
    title: 'Before you go',
    description:
      'Deleting the account cannot be undone. Certificates you sent will no longer verify. Consider exporting your projects first.',
    action: { label: 'Go to your projects', to: '/store' },
  },
});
