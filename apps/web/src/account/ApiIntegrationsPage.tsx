import { IconKey } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './account-section.tsx';

export const ApiIntegrationsPage = sectionPage({
  eyebrow,
  title: 'API & integrations',
  description: 'Issue certificates from your own systems. API keys are valid for three months and shown once when issued.',
  icon: icon(IconKey),
  empty: {
    title: 'Connect Laurel to your systems',
    description: 'Create an API key to send certificates automatically when a course is completed or an event ends.',
    action: { label: 'Back to profile', to: '/account' },
  },
});
