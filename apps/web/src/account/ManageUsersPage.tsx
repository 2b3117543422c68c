import { IconAddressBook } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './account-section.tsx';

export const ManageUsersPage = sectionPage({
  eyebrow,
  title: 'Users',
  description: 'Invite colleagues to design and send on this account, and choose exactly which certificate sets each one may use.',
  icon: icon(IconAddressBook),
  empty: {
    title: 'Work together on certificates',
    description: 'Team members get their own sign-in, their own credits allowance and only the rights you give them.',
    action: { label: 'See plans with team members', to: '/account/billing-subscriptions' },
  },
});
