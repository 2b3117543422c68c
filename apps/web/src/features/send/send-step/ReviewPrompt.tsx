import { MESSAGES, type UserDto } from '@laurel/domain';
import { Button, Center, Group, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconStarFilled } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Illustration } from '../../../shared/components/Illustration.tsx';
import { notifyError } from '../../../shared/lib/notify.ts';
import { USER_KEY, useAppConfig, useSignedInUser } from '../../../shared/session/queries.ts';
import { getReviewUrl, markReviewDone } from '../api/review.ts';
import { rememberNotNow, shouldAskForReview } from './review-prompt.ts';

/**
 * The invitation to review Laurel, shown once when a send the issuer watched has finished with at
 * least one certificate sent (docs/product/send-wizard.md#flows), until they have reviewed.
 */
export function ReviewPrompt({ sendFinished }: { sendFinished: boolean }) {
  const user = useSignedInUser();
  const { data: config } = useAppConfig();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  // Refetches of the user after the send must not bring the dialog back once it was closed.
  const asked = useRef(false);

  useEffect(() => {
    if (!sendFinished || asked.current || !shouldAskForReview(user, config)) return;
    asked.current = true;
    setOpened(true);
  }, [sendFinished, user, config]);

  const notNow = () => {
    rememberNotNow(user.id);
    setOpened(false);
  };

  const writeReview = async () => {
    // Opened during the click: a window opened once the call has answered would be taken for a popup and blocked.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    setOpened(false);
    let url: string;
    try {
      ({ url } = await getReviewUrl());
    } catch {
      tab?.close();
      notifyError(MESSAGES.reviewUnavailable);
      return;
    }
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener,noreferrer');
    // The review page is open either way; should this fail, the prompt only comes back after a later send.
    await markReviewDone(user.id).then(
      () => queryClient.setQueryData<UserDto | null>(USER_KEY, (current) => (current ? { ...current, review: true } : current)),
      () => undefined,
    );
    void queryClient.invalidateQueries({ queryKey: USER_KEY });
  };

  return (
    <Modal opened={opened} onClose={notNow} title="How did your send go?" centered size="md">
      <Stack gap="md">
        <Center>
          <Illustration icon={<IconStarFilled size={22} />} size={180} />
        </Center>
        <Text size="sm" c="stone.7">
          Your send is complete. If Laurel made it easy, would you tell others in a short review? It takes a couple of minutes and helps
          other organisations find us.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={notNow}>
            Not now
          </Button>
          <Button onClick={() => void writeReview()} rightSection={<IconExternalLink size={16} />} data-autofocus>
            Write a review
          </Button>
        </Group>
        <Text size="xs" c="dimmed" ta="right">
          The review page opens in a new tab.
        </Text>
      </Stack>
    </Modal>
  );
}
