import { IconAffiliate } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

export const AdminMappingCreatePage = sectionPage({
  eyebrow,
  title: 'New mapping',
  description: 'Name the mapping and match each expected column to a certificate field.',
  icon: icon(IconAffiliate),
  empty: {
    title: 'Describe the columns',
    description: 'Start with the columns every import has: the recipient’s name and email address.',
    action: { label: 'All mappings', to: '/admin/build/mappings' },
  },
});
