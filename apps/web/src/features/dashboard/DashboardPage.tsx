import { availableCredits, planDisplayName, tasksHidden } from '@laurel/domain';
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { firstName } from '../../shared/lib/format.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { getAccount } from '../account/index.ts';
import { TrialBadge } from '../billing/index.ts';
import { AnnouncementCard } from './AnnouncementCard.tsx';
import {
  ACTIVE_ANNOUNCEMENT_KEY,
  dismissAnnouncement,
  getActiveAnnouncement,
  getProgress,
  PROGRESS_KEY,
  setDashboardAction,
} from './api.ts';
import { HelpCentreDialog } from './HelpCentreDialog.tsx';
import { OnboardingTasks } from './OnboardingTasks.tsx';
import { dashboardKeys } from './query-keys.ts';
import { StatCard } from './StatCard.tsx';
import { StatisticsPanel } from './StatisticsPanel.tsx';
import { useHelpCentre } from './useHelpCentre.ts';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The account at a glance: the announcement, onboarding, what was sent and what recipients did, credits and plan. */
export function DashboardPage() {
  const user = useSignedInUser();
  const account = user.account;
  const queryClient = useQueryClient();
  const progress = useQuery({ queryKey: PROGRESS_KEY, queryFn: getProgress, enabled: !!account });
  const announcement = useQuery({ queryKey: ACTIVE_ANNOUNCEMENT_KEY, queryFn: getActiveAnnouncement });
  const details = useQuery({
    queryKey: dashboardKeys.accountDetails(account?.id),
    queryFn: () => getAccount(account!.id),
    enabled: !!account,
  });
  const help = useHelpCentre(details.data?.help_center_shown, progress.data?.progress, progress.isSuccess && details.isSuccess);

  const hide = useMutation({
    mutationFn: (status: boolean) => setDashboardAction({ action: 'hide-tasks', status }),
    onSuccess: (_, status) => queryClient.setQueryData(PROGRESS_KEY, (old: typeof progress.data) => old && { ...old, hide_tasks: status }),
  });
  const dismiss = useMutation({
    mutationFn: dismissAnnouncement,
    onSuccess: () => queryClient.setQueryData(ACTIVE_ANNOUNCEMENT_KEY, { announcement: null }),
  });

  const hidden = progress.data ? tasksHidden(progress.data.hide_tasks) : true;
  return (
    <>
      <PageHeader
        eyebrow="Dashboard"
        tutorial="dashboard"
        title={`${greeting(new Date().getHours())}, ${firstName(user)}`}
        description={account ? `Here is how ${account.name} is doing.` : 'Here is how Laurel is doing.'}
      />
      <Stack gap="xl">
        {announcement.data?.announcement && (
          <AnnouncementCard announcement={announcement.data.announcement} onDismiss={() => dismiss.mutate()} />
        )}
        {account && progress.data && !hidden && <OnboardingTasks progress={progress.data.progress} onHide={() => hide.mutate(true)} />}
        {account && progress.data && hidden && (
          <Group justify="flex-end" mt={-16} mb={-16}>
            <Button variant="subtle" size="xs" leftSection={<IconEye size={14} />} onClick={() => hide.mutate(false)}>
              Show tasks
            </Button>
          </Group>
        )}
        {account ? (
          <StatisticsPanel />
        ) : (
          <Card padding="lg" shadow="xs">
            <Text size="sm" c="stone.6">
              Statistics belong to accounts. Open an account from Admin user accounts to see its figures.
            </Text>
          </Card>
        )}
        {account && (
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
            <StatCard
              label="Credits available"
              value={availableCredits(account).toLocaleString('en-US')}
              hint="One credit sends one certificate"
            />
            <Card padding="md" shadow="xs">
              <Stack gap={6}>
                <Text size="sm" c="stone.6" fw={500}>
                  Plan
                </Text>
                <Text fz={22} fw={650} lh={1.2}>
                  {planDisplayName(account)}
                </Text>
                <TrialBadge account={account} w="fit-content" />
              </Stack>
            </Card>
          </SimpleGrid>
        )}
      </Stack>
      <HelpCentreDialog opened={help.open} onClose={help.close} />
    </>
  );
}
