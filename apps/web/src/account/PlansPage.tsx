import { IconCreditCard } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './account-section.tsx';

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
