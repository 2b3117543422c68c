import type { Project } from '@laurel/domain';
import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCertificate, IconCircleMinus, IconDeviceFloppy, IconFileSpreadsheet, IconUsers } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { plural } from '../../../shared/lib/format.ts';
import { notifySuccess } from '../../../shared/lib/notify.ts';
import { createProject } from '../../projects/index.ts';
import type { SendCertificate } from '../api/send.ts';
import { problemsOf, projectMapping, projectRow } from '../rows.ts';
import type { WizardDraft } from '../wizard-draft.ts';

const today = () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date());

/**
 * Step 5: the project's title (unique in the account) and memo. Saving stores the rows that pass the
 * checks and were not left out; how many were left out is said before anything is saved.
 */
export function SaveStep({
  certificate,
  draft,
  onBack,
  onSaved,
}: {
  certificate: SendCertificate;
  draft: WizardDraft;
  onBack: () => void;
  onSaved: (project: Project) => void;
}) {
  const { table, mapping } = draft;
  const rows = useMemo(() => {
    const leftOut = new Set(draft.leftOut);
    const problems = problemsOf(draft.rows, certificate.fields, certificate.expiration_date_format, leftOut);
    return draft.rows.filter((row) => !leftOut.has(row.uid) && !problems.has(row.uid));
  }, [draft.rows, draft.leftOut, certificate]);
  const leftOutCount = draft.rows.length - rows.length;
  const [title, setTitle] = useState(`${certificate.name} · ${today()}`);
  const [memo, setMemo] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      createProject({
        title: title.trim(),
        key: memo.trim() || undefined,
        certificate_id: certificate.id,
        filename: table?.filename ?? null,
        mapping: projectMapping(table, mapping),
        recipients: rows.map((r) => projectRow(r.values)),
      }),
    onSuccess: (project) => {
      notifySuccess('Project saved. Choose the sender name, then send.');
      onSaved(project);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.body.field === 'title') setTitleError(errorMessage(error));
    },
  });
  const otherError =
    save.isError && !(save.error instanceof ApiError && save.error.body.field === 'title') ? errorMessage(save.error) : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!title.trim()) return setTitleError('Project title is required.');
        save.mutate();
      }}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb={4}>
            Save the project
          </Title>
          <Text size="sm" c="stone.7" mb="md">
            A project keeps this list, the certificate as it is now, and everything that happens to each email. You find it later in the
            Store.
          </Text>
          <Stack gap="md">
            <TextInput
              label="Project title"
              withAsterisk
              value={title}
              maxLength={200}
              error={titleError}
              onChange={(event) => {
                setTitle(event.currentTarget.value);
                setTitleError(null);
              }}
            />
            <Textarea
              label="Memo"
              description="A note for your team, for example the course date or the cohort."
              autosize
              minRows={3}
              maxLength={2000}
              value={memo}
              onChange={(event) => setMemo(event.currentTarget.value)}
            />
            {otherError && (
              <Alert color="red" role="alert" title="The project was not saved">
                {otherError}
              </Alert>
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="stone.0">
          <Text fw={650} mb="md">
            In this project
          </Text>
          <List spacing="md" center>
            <List.Item
              icon={
                <ThemeIcon variant="light" radius="xl">
                  <IconCertificate size={16} />
                </ThemeIcon>
              }
            >
              <Text size="sm">{certificate.name}</Text>
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon variant="light" radius="xl">
                  <IconUsers size={16} />
                </ThemeIcon>
              }
            >
              <Text size="sm">{plural(rows.length, 'recipient')}</Text>
            </List.Item>
            {leftOutCount > 0 && (
              <List.Item
                icon={
                  <ThemeIcon variant="light" color="orange" radius="xl">
                    <IconCircleMinus size={16} />
                  </ThemeIcon>
                }
              >
                <Text size="sm" data-testid="save-left-out">
                  {plural(leftOutCount, 'row')} left out, not saved
                </Text>
              </List.Item>
            )}
            <List.Item
              icon={
                <ThemeIcon variant="light" radius="xl">
                  <IconFileSpreadsheet size={16} />
                </ThemeIcon>
              }
            >
              <Text size="sm">{table?.filename ?? (table?.kind === 'clipboard' ? 'Pasted from a spreadsheet' : 'Entered by hand')}</Text>
            </List.Item>
          </List>
          <Text size="xs" c="dimmed" mt="lg">
            Nothing is sent yet: you choose the sender name and send on the next step.
          </Text>
        </Paper>
      </SimpleGrid>
      <Group justify="space-between" mt="lg">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Back to preview
        </Button>
        <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
          Save and continue
        </Button>
      </Group>
    </form>
  );
}
