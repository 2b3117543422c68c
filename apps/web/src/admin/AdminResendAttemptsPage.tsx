import { IconRepeat } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './admin-section.tsx';

export const AdminResendAttemptsPage = sectionPage({
  eyebrow,
  title: 'Resend attempts',
  description: 'Certificates sent again after a bounce or at a recipient’s request, and how each attempt ended.',
  icon: icon(IconRepeat),
  empty: {
    title: 'No resends so far',
    description: 'Each resend is listed with its recipient, reason and delivery result.',
    action: { label: 'View the outbox', to: '/admin/outbox' },
  },
});
