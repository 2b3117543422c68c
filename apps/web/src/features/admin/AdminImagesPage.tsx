import { IconPhoto } from '@tabler/icons-react';
import { icon } from './admin-section.tsx';
import { AdminLibraryPage } from './library/AdminLibraryPage.tsx';

export const AdminImagesPage = () => (
  <AdminLibraryPage
    def={{
      kind: 'signatures',
      title: 'Images',
      noun: 'image',
      description: 'Seals, badges, signatures and ornaments shared with every account’s image library.',
      icon: icon(IconPhoto),
      empty: {
        title: 'No shared images yet',
        description: 'Images added here are available to every designer in Laurel.',
      },
    }}
  />
);
