import { IconBuildingBank } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

export const AdminAccountsPage = sectionPage({
  eyebrow,
  title: 'Accounts',
  description: 'Every organisation using Laurel: plans, credits, users, and the actions support needs.',
  icon: icon(IconBuildingBank),
  empty: {
    title: 'Accounts appear as they register',
    description: 'Search by name, email or portal address, then impersonate, grant credits or adjust a plan.',
    action: { label: 'View the outbox', to: '/admin/outbox' },
  },
});
