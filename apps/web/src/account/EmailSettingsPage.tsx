import { IconMail } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './account-section.tsx';

export const EmailSettingsPage = sectionPage({
  eyebrow,
  title: 'Email settings',
  description: 'Send certificates through Laurel’s mail service, or through your own mail server so they come from your domain.',
  icon: icon(IconMail),
  empty: {
    title: 'Laurel delivers your certificates',
    description:
      'Messages go out from Laurel’s own servers with your account’s name as the sender. Connect your own server to send from your address.',
    action: { label: 'Send certificates', to: '/send' },
  },
});
