import { IconSettings } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

export const AdminSettingsPage = sectionPage({
  eyebrow,
  title: 'Settings',
  description: 'Service-wide settings: promo codes at registration, reminder days and notification rules.',
  icon: icon(IconSettings),
  empty: {
    title: 'Defaults are in effect',
    description: 'Laurel runs with its standard settings until you change them here.',
    action: { label: 'Manage promo codes', to: '/promo-codes' },
  },
});
