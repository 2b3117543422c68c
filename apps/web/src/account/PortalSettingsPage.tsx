import { IconGlobe } from '@tabler/icons-react';
import { sectionPage } from '../components/SectionPage.tsx';
import { CustomDomainCard } from '../custom-domain/CustomDomainCard.tsx';
import { eyebrow, icon } from './account-section.tsx';

const PortalSettingsSection = sectionPage({
  eyebrow,
  title: 'Recipient portal',
  description: 'The branded site where your recipients sign in to find, download and share their certificates.',
  icon: icon(IconGlobe),
  empty: {
    title: 'Make the portal yours',
    description: 'Add your name, colours, background and links, or serve the portal from your own domain with SSL.',
    action: { label: 'Compare plans', to: '/account/billing-subscriptions' },
  },
});

export function PortalSettingsPage() {
  return (
    <>
      <PortalSettingsSection />
      {/* Custom portal URL with SSL: a block of its own, kept apart from the portal's branding settings. */}
      <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
        <CustomDomainCard />
      </div>
    </>
  );
}
