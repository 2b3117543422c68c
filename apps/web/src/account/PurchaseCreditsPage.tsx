import { IconCoins } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './account-section.tsx';

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
