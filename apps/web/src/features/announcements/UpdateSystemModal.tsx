import type { Announcement } from '@laurel/domain';
import { Button, Group, Modal, Stack, Typography } from '@mantine/core';
import { useMounted } from '@mantine/hooks';

interface UpdateSystemModalProps {
  /** Its content already cleaned by DOMPurify; null once dismissed. */
  announcement: Announcement | null;
  onClose: () => void;
}

/**
 * The system-update announcement's dialog, loaded by UpdateSystemWatcher with the first announcement to show.
 * It mounts with that announcement, so it opens one frame later to fade in as any dialog does.
 */
export function UpdateSystemModal({ announcement, onClose }: UpdateSystemModalProps) {
  const mounted = useMounted();
  return (
    <Modal opened={mounted && !!announcement} onClose={onClose} title={announcement?.title} size="lg" data-testid="update-system-modal">
      <Stack gap="lg">
        <Typography>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises the announcement and DOMPurify cleaned it again on arrival */}
          <div dangerouslySetInnerHTML={{ __html: announcement?.content ?? '' }} />
        </Typography>
        <Group justify="flex-end">
          <Button onClick={onClose}>Got it</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
