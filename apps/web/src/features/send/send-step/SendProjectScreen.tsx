import { canEditEmails, LONG_ERROR_NOTIFICATION_MS, MESSAGES, type SendResult } from '@laurel/domain';
import { Alert, Anchor, Button, Grid, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconClockHour4, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { PageHeader } from '../../../shared/components/PageHeader.tsx';
import { plural } from '../../../shared/lib/format.ts';
import { USER_KEY, useSignedInUser } from '../../../shared/session/queries.ts';
import {
  getProgress,
  getProject,
  PROGRESS_POLL_MS,
  PROJECTS_KEY,
  progressKey,
  projectKey,
  QUEUED_REDIRECT_MS,
  recipientsKey,
  SENDER_REQUIRED,
  sendEmails,
} from '../../projects/index.ts';
import { CreditsShortNotice } from '../credits/CreditsShortNotice.tsx';
import { creditsOf } from '../credits/credits.ts';
import { RequestCreditsDialog } from '../credits/RequestCreditsDialog.tsx';
import { STEP_INDEX, WizardProgress } from '../WizardProgress.tsx';
import { DeliveryProgress } from './DeliveryProgress.tsx';
import { RecipientsTable } from './RecipientsTable.tsx';
import { ReviewPrompt } from './ReviewPrompt.tsx';

/**
 * /send/{id}/send: the saved project's recipients, the sender name, and Send (docs/product/send-wizard.md#screens). Then the
 * live progress until every recipient is sent or failed; 500+ recipients are queued and the
 * issuer goes to the project's sent status after 5 seconds (docs/product/send-wizard.md#flows).
 */
export function SendProjectScreen({ projectId }: { projectId: number }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { available, canBuy } = creditsOf(user);
  const [senderName, setSenderName] = useState('');
  const [senderError, setSenderError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'form' | 'progress' | 'queued'>('form');
  const [queued, setQueued] = useState<SendResult | null>(null);
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<number | null>(null);
  // Only a send followed here to its end invites a review, not a finished project opened again later.
  const [watching, setWatching] = useState(false);

  const validId = Number.isInteger(projectId) && projectId > 0;
  const project = useQuery({ queryKey: projectKey(projectId), queryFn: () => getProject(projectId), enabled: validId });
  const progress = useQuery({
    queryKey: progressKey(projectId),
    queryFn: () => getProgress(projectId),
    enabled: phase === 'progress',
    refetchInterval: (query) => (query.state.data?.finished ? false : PROGRESS_POLL_MS),
    staleTime: 0,
  });

  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: USER_KEY });
  }, [queryClient]);

  // A project already on its way (or done) opens on its progress rather than on the form.
  const loaded = project.data;
  useEffect(() => {
    if (!loaded) return;
    // The account's name is what most issuers send as; the last name used for this project wins.
    setSenderName((name) => name || loaded.email_sender_name || user.account?.name || '');
    if (loaded.sent_pending > 0 || (loaded.unsent_count === 0 && loaded.recipients_count > 0))
      setPhase((p) => (p === 'form' ? 'progress' : p));
  }, [loaded, user.account?.name]);

  useEffect(() => {
    if (progress.data && !progress.data.finished) setWatching(true);
  }, [progress.data]);
  const sendFinished = phase === 'progress' && watching && !!progress.data?.finished && progress.data.sent > 0;

  // Each change in the counts shows in the table too; the end refreshes the project's counters.
  const sentSoFar = progress.data ? progress.data.sent + progress.data.failed + progress.data.bounced + progress.data.suppressed : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: sentSoFar is the trigger: each change in the counts refreshes the table
  useEffect(() => {
    if (phase !== 'progress') return;
    void queryClient.invalidateQueries({ queryKey: recipientsKey(projectId) });
    if (progress.data?.finished) void queryClient.invalidateQueries({ queryKey: projectKey(projectId) });
  }, [sentSoFar, progress.data?.finished, phase, projectId, queryClient]);

  useEffect(() => {
    if (phase !== 'queued' || !queued?.redirect) return;
    const timer = setTimeout(() => navigate(queued.redirect!), QUEUED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase, queued, navigate]);

  const send = useMutation({
    mutationFn: () => sendEmails(projectId, { sender_name: senderName.trim() }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: USER_KEY });
      void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      if (result.redirect) {
        setQueued(result);
        return setPhase('queued');
      }
      if (!result.queued) {
        notifications.show({ color: 'gray', message: result.message });
        return void project.refetch();
      }
      void queryClient.resetQueries({ queryKey: progressKey(projectId) });
      setWatching(true);
      setPhase('progress');
    },
    onError: (error) => {
      const body = error instanceof ApiError ? error.body : null;
      if (body?.field === 'sender_name') return setSenderError(errorMessage(error));
      if (error instanceof ApiError && (error.status === 402 || body?.error_type === 'credits')) {
        // docs/product/roles-and-sub-users.md#messages: a sticky warning, then the purchase page; sub-users cannot buy, so they ask.
        notifications.show({ color: 'orange', title: 'More credits needed', message: errorMessage(error), autoClose: false });
        if (!canBuy) return setAsking(Number(/(\d+)/.exec(errorMessage(error))?.[1] ?? 1));
        return navigate(body?.redirect ?? '/account/subscription');
      }
      notifications.show({ color: 'red', message: `Error sending emails. ${errorMessage(error)}`, autoClose: LONG_ERROR_NOTIFICATION_MS });
      void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      if (body?.redirect) void navigate(body.redirect, { state: { from: `/send/${projectId}/send` } });
    },
  });

  const submit = () => {
    if (!senderName.trim()) return setSenderError(SENDER_REQUIRED);
    const count = loaded?.unsent_count ?? 0;
    modals.openConfirmModal({
      title: `Send ${plural(count, 'certificate')} now?`,
      children: (
        <Text size="sm">
          Each recipient gets an email from “{senderName.trim()}” with a link to their certificate. This uses {count}{' '}
          {count === 1 ? 'credit' : 'credits'}.
        </Text>
      ),
      labels: { confirm: 'Send now', cancel: 'Not yet' },
      onConfirm: () => send.mutate(),
    });
  };

  if (project.isError || !validId) {
    return (
      <Stack gap={0}>
        <PageHeader eyebrow="Send" title="Send certificates" />
        <Alert color="red" title={validId ? errorMessage(project.error) : MESSAGES.notFound}>
          <Text size="sm" mb="sm">
            This project does not exist or is not yours to send.
          </Text>
          <Button component={Link} to="/store" size="xs" variant="white" color="red">
            Go to your projects
          </Button>
        </Alert>
      </Stack>
    );
  }

  const needed = loaded?.unsent_count ?? 0;
  return (
    <Stack gap={0}>
      <PageHeader
        eyebrow="Send"
        title={loaded?.title ?? 'Send certificates'}
        description={
          loaded
            ? `${loaded.certificate_name} · ${plural(loaded.recipients_count, 'recipient')}${loaded.key ? ` · ${loaded.key}` : ''}`
            : undefined
        }
      />
      <WizardProgress active={STEP_INDEX.send} done={phase === 'progress' && !!progress.data?.finished} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          {!loaded && <Skeleton h={260} radius="md" />}
          {loaded && phase === 'form' && (
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  submit();
                }}
              >
                <Stack gap="md">
                  <div>
                    <Title order={2} fz="lg">
                      Ready to send
                    </Title>
                    <Text size="sm" c="stone.7">
                      {needed} {needed === 1 ? 'certificate' : 'certificates'} to send · {available}{' '}
                      {available === 1 ? 'credit' : 'credits'} available
                    </Text>
                  </div>
                  <TextInput
                    label="Sender name"
                    description="The name recipients see in their inbox, for example your organisation."
                    withAsterisk
                    value={senderName}
                    maxLength={100}
                    error={senderError}
                    onChange={(event) => {
                      setSenderName(event.currentTarget.value);
                      setSenderError(null);
                    }}
                  />
                  {needed > available && <CreditsShortNotice available={available} needed={needed} canBuy={canBuy} />}
                  <Button type="submit" size="md" leftSection={<IconSend size={18} />} loading={send.isPending} disabled={needed === 0}>
                    Send {needed} {needed === 1 ? 'certificate' : 'certificates'}
                  </Button>
                  <Anchor component={Link} to={`/store/projects/${loaded.id}/email?return=/send/${loaded.id}/send`} size="sm" ta="center">
                    {canEditEmails(user) ? 'Check or change the email first' : 'See the email first'}
                  </Anchor>
                </Stack>
              </form>
            </Paper>
          )}
          {phase === 'queued' && queued && (
            <Alert color="blue" icon={<IconClockHour4 size={20} />} title="Your certificates are queued" data-testid="send-queued">
              <Text size="sm">{queued.message}</Text>
              <Text size="sm" mt="xs" c="dimmed">
                Taking you to the sent status in 5 seconds…
              </Text>
              <Button mt="sm" size="xs" component={Link} to={queued.redirect ?? `/store/history/${projectId}`}>
                Go now
              </Button>
            </Alert>
          )}
          {phase === 'progress' && !progress.data && <Skeleton h={260} radius="md" />}
          {phase === 'progress' && progress.data && <DeliveryProgress progress={progress.data} projectId={projectId} />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <RecipientsTable projectId={projectId} page={page} onPage={setPage} />
        </Grid.Col>
      </Grid>
      <RequestCreditsDialog opened={asking !== null} suggested={asking ?? 1} onClose={() => setAsking(null)} />
      <ReviewPrompt sendFinished={sendFinished} />
    </Stack>
  );
}
