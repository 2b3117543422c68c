import { IconReceipt } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './account-section.tsx';

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
