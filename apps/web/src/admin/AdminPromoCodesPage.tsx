import { IconDiscount2 } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

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
