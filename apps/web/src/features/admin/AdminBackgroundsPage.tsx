import { IconTexture } from '@tabler/icons-react';
import { icon } from './admin-section.tsx';
import { AdminLibraryPage } from './library/AdminLibraryPage.tsx';

export const AdminBackgroundsPage = () => (
  <AdminLibraryPage
    def={{
      kind: 'backgrounds',
      title: 'Backgrounds',
      noun: 'background',
      description: 'Background artwork that every account can place behind a certificate design, in the order the builder offers it.',
      icon: icon(IconTexture),
      empty: {
        title: 'No backgrounds in the library',
        description: 'Upload borders, textures and frames at print resolution; accounts choose them in the builder.',
      },
    }}
  />
);
