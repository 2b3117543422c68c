import { IconAffiliate } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { eyebrow, icon } from './account-section.tsx';

export const SingleSignOnPage = sectionPage({
  eyebrow,
  title: 'Single sign-on',
  description: 'Let your organisation sign in to Laurel and to the recipient portal through your identity provider with SAML.',
  icon: icon(IconAffiliate),
  empty: {
    title: 'Connect your identity provider',
    description: 'Single sign-on is part of the Enterprise plan, together with portal customisation and a custom portal address.',
    action: { label: 'Compare plans', to: '/account/billing-subscriptions' },
  },
});
