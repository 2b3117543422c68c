import { IconTexture } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

export const AdminBackgroundsPage = sectionPage({
  eyebrow,
  title: 'Backgrounds',
  description: 'Background artwork that every account can place behind a certificate design.',
  icon: icon(IconTexture),
  empty: {
    title: 'No backgrounds in the library',
    description: 'Upload borders, textures and frames at print resolution; accounts choose them in the builder.',
    action: { label: 'See templates', to: '/admin/build' },
  },
});
