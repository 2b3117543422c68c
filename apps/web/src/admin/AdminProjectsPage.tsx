import { IconFolders } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

export const AdminProjectsPage = sectionPage({
  eyebrow,
  title: 'Projects',
  description: 'Every send across all accounts, with its size, progress and delivery results.',
  icon: icon(IconFolders),
  empty: {
    title: 'No projects yet',
    description: 'Projects appear here as soon as any account sends certificates.',
    action: { label: 'Find an account', to: '/admin/accounts' },
  },
});
