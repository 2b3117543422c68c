import { TUTORIAL_SCREEN_LABELS, type TutorialScreen, videoEmbedUrl } from '@laurel/domain';
import { Anchor, AspectRatio, Button, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTutorialVideos } from './api.ts';

/**
 * The "Tutorial" button of a screen's header: shown only when the operator gave that screen videos,
 * opening a dialog that plays YouTube and Vimeo videos in place and links to any other address.
 */
export function TutorialButton({ screen }: { screen: TutorialScreen }) {
  const { data } = useTutorialVideos();
  const [opened, setOpened] = useState(false);
  const videos = data?.videos.filter((video) => video.screen === screen) ?? [];
  if (!videos.length) return null;
  return (
    <>
      <Button variant="light" leftSection={<IconPlayerPlay size={16} />} onClick={() => setOpened(true)}>
        Tutorial
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`${TUTORIAL_SCREEN_LABELS[screen]} tutorials`} size="xl" centered>
        <Stack gap="xl">
          {videos.map((video) => {
            const embed = videoEmbedUrl(video.url);
            return (
              <Stack key={`${video.url}-${video.title}`} gap="xs">
                <Text fw={600}>{video.title}</Text>
                {embed ? (
                  <AspectRatio ratio={16 / 9}>
                    <iframe
                      src={embed}
                      title={video.title}
                      style={{ border: 0, borderRadius: 8 }}
                      allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
                      allowFullScreen
                      referrerPolicy="strict-origin-when-cross-origin"
                    />
                  </AspectRatio>
                ) : (
                  <Anchor href={video.url} target="_blank" rel="noopener noreferrer">
                    Watch the video <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
                  </Anchor>
                )}
              </Stack>
            );
          })}
        </Stack>
      </Modal>
    </>
  );
}
