import { IconShieldLock } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './account-section.tsx';

export const TwoFactorPage = sectionPage({
  eyebrow,
  title: 'Two-factor authentication',
  description: 'Protect your sign-in with a code from an authenticator app in addition to your password.',
  icon: icon(IconShieldLock),
  empty: {
    title: 'Add a second step to sign-in',
    description: 'With two-factor authentication, a stolen password alone is not enough to open your account.',
    action: { label: 'Back to profile', to: '/account' },
  },
});
