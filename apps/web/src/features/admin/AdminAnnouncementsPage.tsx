import type { AdminAnnouncement } from '@laurel/domain';
import { Badge, Button, Card, Grid, Group, Skeleton, Stack, Switch, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { RichTextField } from '../../shared/components/RichTextField.tsx';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { eyebrow } from './admin-section.tsx';
import { ANNOUNCEMENTS_KEY, listAnnouncements, saveAnnouncement } from './api.ts';

interface Draft {
  id?: number;
  title: string;
  content: string;
  status: boolean;
}
const BLANK: Draft = { title: '', content: '', status: true };
const draftOf = (a: AdminAnnouncement): Draft => ({ id: a.id, title: a.title, content: a.content, status: a.status === 1 });

/** /announcements: the list and the editor; the newest active announcement is shown once to each user. */
export function AdminAnnouncementsPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ANNOUNCEMENTS_KEY, queryFn: listAnnouncements });
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useMutation({
    mutationFn: (d: Draft) =>
      saveAnnouncement({ ...(d.id ? { id: d.id } : {}), title: d.title, content: d.content, status: d.status ? 1 : 0 }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
      setDraft(draftOf(saved));
      notifySuccess('Record saved');
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  const announcements = list.data?.announcements;
  const editing = draft ?? (announcements?.[0] ? draftOf(announcements[0]) : null);

  return (
    <>
      <PageHeader
        eyebrow={eyebrow}
        title="Announcements"
        description="Messages shown once to every signed-in user, for releases and planned maintenance."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDraft({ ...BLANK })}>
            New announcement
          </Button>
        }
      />
      {list.isError && <LoadFailed title="The announcements could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      {!announcements && !list.isError && <Skeleton h={240} />}
      {announcements && !announcements.length && !draft && (
        <EmptyPanel
          icon={<IconSpeakerphone size={26} stroke={1.6} />}
          title="No announcements"
          description="The newest active announcement is shown to each user once, the next time they open Laurel."
        >
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDraft({ ...BLANK })}>
            Write an announcement
          </Button>
        </EmptyPanel>
      )}
      {announcements && editing && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs" role="list" aria-label="Announcements">
              {announcements.map((a) => (
                <UnstyledButton key={a.id} role="listitem" onClick={() => setDraft(draftOf(a))} aria-current={editing.id === a.id}>
                  <Card padding="sm" withBorder bg={editing.id === a.id ? 'laurel.0' : undefined}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" fw={600} truncate>
                        {a.title}
                      </Text>
                      <Badge size="sm" variant="light" color={a.status ? 'laurel' : 'gray'}>
                        {a.status ? 'On' : 'Off'}
                      </Badge>
                    </Group>
                    <Text size="xs" c="stone.6">
                      {new Date(a.updated_at).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                    </Text>
                  </Card>
                </UnstyledButton>
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card padding="lg" shadow="xs">
              <Stack gap="md">
                <Title order={2} fz={18}>
                  {editing.id ? 'Edit announcement' : 'New announcement'}
                </Title>
                <TextInput
                  label="Title"
                  required
                  value={editing.title}
                  onChange={(e) => setDraft({ ...editing, title: e.currentTarget.value })}
                  maxLength={200}
                />
                <RichTextField
                  key={editing.id ?? 'new'}
                  label="Content"
                  value={editing.content}
                  onChange={(content) => setDraft({ ...editing, content })}
                />
                <Switch
                  label="Show to users"
                  description="Only the newest announcement that is on is shown; each user sees it until they dismiss it."
                  checked={editing.status}
                  onChange={(e) => setDraft({ ...editing, status: e.currentTarget.checked })}
                />
                <Group justify="flex-end">
                  <Button
                    onClick={() => save.mutate(editing)}
                    loading={save.isPending}
                    disabled={!editing.title.trim() || !editing.content}
                  >
                    Save announcement
                  </Button>
                </Group>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
