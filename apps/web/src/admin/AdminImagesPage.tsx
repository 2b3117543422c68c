import { IconPhoto } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

export const AdminImagesPage = sectionPage({
  eyebrow,
  title: 'Images',
  description: 'Seals, badges and ornaments shared with every account’s image library.',
  icon: icon(IconPhoto),
  empty: {
    title: 'No shared images yet',
    description: 'Images added here are available to every designer in Laurel.',
    action: { label: 'See backgrounds', to: '/admin/build/backgrounds' },
  },
});
