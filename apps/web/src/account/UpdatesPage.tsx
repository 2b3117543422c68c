import { IconRefresh } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './account-section.tsx';

export const UpdatesPage = sectionPage({
  eyebrow,
  title: 'Updates',
  description: 'What is new in Laurel, and which version you are using.',
  icon: icon(IconRefresh),
  empty: {
    title: 'You are up to date',
    description: 'New features and improvements are announced here and in the app when they arrive.',
    action: { label: 'Back to dashboard', to: '/dashboard' },
  },
});
