import { IconSpeakerphone } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

export const AdminAnnouncementsPage = sectionPage({
  eyebrow,
  title: 'Announcements',
  description: 'Messages shown once to every signed-in user, for releases and planned maintenance.',
  icon: icon(IconSpeakerphone),
  empty: {
    title: 'No announcements',
    description: 'The newest active announcement is shown to each user once, the next time they open Laurel.',
    action: { label: 'Back to accounts', to: '/admin/accounts' },
  },
});
