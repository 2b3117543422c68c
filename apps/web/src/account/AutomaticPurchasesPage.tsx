import { IconRepeat } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './account-section.tsx';

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
