import { IconCoins } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

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
