import { IconAffiliate } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

export const AdminMappingsPage = sectionPage({
  eyebrow,
  title: 'Mappings',
  description: 'How spreadsheet columns are matched to certificate fields when recipients are imported.',
  icon: icon(IconAffiliate),
  empty: {
    title: 'No mappings yet',
    description: 'A mapping remembers which column holds the name, the email address and each custom field.',
    action: { label: 'Create a mapping', to: '/admin/build/mappings/create' },
  },
});
