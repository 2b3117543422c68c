import { IconTrash } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './account-section.tsx';

export const DeleteAccountPage = sectionPage({
  eyebrow,
  title: 'Delete account',
  description: 'Permanently delete this account, its certificate designs, projects and recipients.',
  icon: icon(IconTrash),
  empty: {
    title: 'Before you go',
    description:
      'Deleting the account cannot be undone. Certificates you sent will no longer verify. Consider exporting your projects first.',
    action: { label: 'Go to your projects', to: '/store' },
  },
});
