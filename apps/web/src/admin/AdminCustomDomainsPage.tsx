import { IconGlobe } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

export const AdminCustomDomainsPage = sectionPage({
  eyebrow,
  title: 'Custom domains',
  description: 'Portal addresses on customers’ own domains, with the state of their certificates.',
  icon: icon(IconGlobe),
  empty: {
    title: 'No custom domains',
    description: 'Enterprise accounts can serve their recipient portal from their own domain; those domains are listed here.',
    action: { label: 'Find an account', to: '/admin/accounts' },
  },
});
