import { IconCreditCard } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

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
