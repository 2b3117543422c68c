import type { Announcement } from '@laurel/domain';
import { Alert, Button, Group, Typography } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import DOMPurify from 'dompurify';

/** The active announcement, inline on the dashboard until the user dismisses it (then never again). */
export function AnnouncementCard({ announcement, onDismiss }: { announcement: Announcement; onDismiss(): void }) {
  return (
    <Alert
      variant="light"
      color="gilt"
      icon={<IconSpeakerphone size={20} />}
      title={announcement.title}
      // A landmark named by its title (Alert labels itself by the title).
      role="region"
    >
      <Typography fz="sm">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises the announcement and DOMPurify cleans it again here */}
        <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(announcement.content, { ADD_ATTR: ['target'] }) }} />
      </Typography>
      <Group justify="flex-end" mt="xs">
        <Button size="xs" variant="white" color="dark" onClick={onDismiss}>
          Dismiss
        </Button>
      </Group>
    </Alert>
  );
}
