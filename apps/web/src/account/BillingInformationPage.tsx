import { IconCreditCard } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './account-section.tsx';

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
