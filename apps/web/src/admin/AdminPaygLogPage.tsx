import { IconReceipt } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

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
