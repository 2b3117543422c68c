import { TUTORIAL_SCREEN_LABELS, TUTORIAL_SCREENS, type TutorialScreen, type TutorialVideo, tutorialVideos } from '@laurel/domain';
import { ActionIcon, Alert, Button, Card, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { queryClient } from '../../shared/api/query-client.ts';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { notifySuccess } from '../../shared/lib/notify.ts';
import { saveTutorialVideos, TUTORIALS_KEY, useTutorialVideos } from '../../shared/tutorials/api.ts';

const SCREEN_OPTIONS = TUTORIAL_SCREENS.map((value) => ({ value, label: TUTORIAL_SCREEN_LABELS[value] }));

/** The super-admin's list of tutorial videos per screen; a screen without any shows no Tutorial button. */
export function TutorialVideosCard() {
  const videos = useTutorialVideos();
  const [rows, setRows] = useState<TutorialVideo[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (videos.data && rows === null) setRows(videos.data.videos);
  }, [videos.data, rows]);

  const save = useMutation({
    mutationFn: (list: TutorialVideo[]) => saveTutorialVideos({ videos: list }),
    onSuccess: (saved) => {
      queryClient.setQueryData(TUTORIALS_KEY, saved);
      setRows(saved.videos);
      notifySuccess('Tutorial videos saved.');
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  const update = (index: number, change: Partial<TutorialVideo>) =>
    setRows((current) => current?.map((row, i) => (i === index ? { ...row, ...change } : row)) ?? null);

  const submit = () => {
    const parsed = tutorialVideos.safeParse({ videos: rows ?? [] });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const row = typeof issue?.path[1] === 'number' ? `Video ${issue.path[1] + 1}: ` : '';
      setProblem(`${row}${issue?.message ?? 'Check the videos.'}`);
      return;
    }
    setProblem(null);
    save.mutate(parsed.data.videos);
  };

  return (
    <Card padding="xl" shadow="xs">
      <Stack gap="md">
        <div>
          <Text fw={650}>Tutorial videos</Text>
          <Text size="sm" c="stone.6">
            Videos offered by the Tutorial button of each screen. YouTube and Vimeo links play in the dialog; any other https address opens
            in a new tab. A screen without videos shows no button.
          </Text>
        </div>
        {videos.isError && <LoadFailed title="The videos could not be loaded" error={videos.error} onRetry={() => void videos.refetch()} />}
        {rows === null && !videos.isError && <Skeleton height={80} />}
        {rows?.length === 0 && (
          <Text size="sm" c="stone.6">
            No tutorial videos yet.
          </Text>
        )}
        {rows?.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until saved; the index is their place in the list
          <Group key={index} align="flex-end" gap="sm" wrap="nowrap">
            <Select
              label="Screen"
              data={SCREEN_OPTIONS}
              value={row.screen}
              onChange={(value) => value && update(index, { screen: value as TutorialScreen })}
              allowDeselect={false}
              w={140}
            />
            <TextInput
              label="Title"
              value={row.title}
              onChange={(e) => update(index, { title: e.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <TextInput
              label="Video address"
              placeholder="https://www.youtube.com/watch?v=…"
              value={row.url}
              onChange={(e) => update(index, { url: e.currentTarget.value })}
              style={{ flex: 2 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove video ${index + 1}`}
              onClick={() => setRows((current) => current?.filter((_, i) => i !== index) ?? null)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            disabled={rows === null}
            onClick={() => setRows((current) => [...(current ?? []), { screen: 'build', title: '', url: '' }])}
          >
            Add video
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={rows === null}>
            Save videos
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
