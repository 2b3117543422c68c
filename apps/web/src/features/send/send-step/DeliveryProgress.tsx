import type { SendProgress } from '@laurel/domain';
import { Button, Group, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFolder, IconHistory, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { plural } from '../../../shared/lib/format.ts';

function Stat({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Paper withBorder radius="md" p="sm" aria-label={`${label}: ${value}`} role="group">
      <Group gap={8} wrap="nowrap">
        <span style={{ width: 10, height: 10, borderRadius: 5, background: `var(--mantine-color-${color}-6)`, flexShrink: 0 }} />
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.05em' }}>
          {label}
        </Text>
      </Group>
      <Text fz={28} fw={700} lh={1.2} mt={4}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * Live delivery of a project: sent, pending and failed as one bar and three numbers, polled until
 * every recipient has reached a final state; then a summary with where to go next.
 */
export function DeliveryProgress({ progress, projectId }: { progress: SendProgress; projectId: number }) {
  const failed = progress.failed + progress.bounced + progress.suppressed;
  const total = Math.max(1, progress.total - progress.draft);
  const percent = (n: number) => (n / total) * 100;
  const done = progress.finished;
  const allSent = done && failed === 0;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="delivery-progress">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color={!done ? 'blue' : allSent ? 'laurel' : 'orange'}>
            {!done ? <IconSend size={20} /> : allSent ? <IconCircleCheck size={22} /> : <IconAlertTriangle size={20} />}
          </ThemeIcon>
          <div>
            <Title order={2} fz="lg" aria-live="polite">
              {!done
                ? 'Sending in Progress'
                : allSent
                  ? progress.sent === 1
                    ? 'The certificate was sent'
                    : `All ${plural(progress.sent, 'certificate')} were sent`
                  : `${progress.sent.toLocaleString('en-US')} sent, ${failed.toLocaleString('en-US')} not delivered`}
            </Title>
            <Text size="sm" c="stone.7">
              {progress.sent} of {total} sent
              {!done && ' · you can leave this page, sending continues'}
            </Text>
          </div>
        </Group>
        <Progress.Root size={14} radius="xl" aria-label="Delivery progress">
          <Progress.Section value={percent(progress.sent)} color="laurel" aria-label="Sent" />
          <Progress.Section value={percent(progress.pending)} color="blue" striped animated={!done} aria-label="Pending" />
          <Progress.Section value={percent(failed)} color="red" aria-label="Failed" />
        </Progress.Root>
        <SimpleGrid cols={3} spacing="sm">
          <Stat label="Sent" value={progress.sent} color="laurel" />
          <Stat label="Pending" value={progress.pending} color="blue" />
          <Stat label="Failed" value={failed} color="red" />
        </SimpleGrid>
        {done && failed > 0 && (
          <Text size="sm" c="stone.7">
            {progress.bounced > 0 && `${progress.bounced} refused by the receiving mail server. `}
            {progress.suppressed > 0 && `${progress.suppressed} skipped: the address unsubscribed or bounced before. `}
            {progress.failed > 0 && `${progress.failed} could not be delivered after several tries. `}
            Credits of certificates that were not sent are returned to the account.
          </Text>
        )}
        {done && (
          <Group gap="sm">
            <Button component={Link} to={`/store/history/${projectId}`} leftSection={<IconHistory size={16} />}>
              View sent status
            </Button>
            <Button component={Link} to={`/store/projects/${projectId}`} variant="default" leftSection={<IconFolder size={16} />}>
              Open project
            </Button>
            <Button component={Link} to="/send" variant="subtle">
              Send more certificates
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
