import { Stack } from '@mantine/core';
import { PageHeader } from '../components/PageHeader.tsx';
import { eyebrow } from './admin-section.tsx';
import { TutorialVideosCard } from './TutorialVideosCard.tsx';

/** /admin/accounts/settings: service-wide settings, one card each. */
export function AdminSettingsPage() {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title="Service settings" description="Settings that apply to every account of this Laurel." />
      <Stack gap="lg">
        <TutorialVideosCard />
      </Stack>
    </>
  );
}
