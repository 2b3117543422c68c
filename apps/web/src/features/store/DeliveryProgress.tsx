import type { ProjectCounters } from '@laurel/domain';
import { Box, Group, Progress, Text, Tooltip } from '@mantine/core';

export interface DeliveryCounts {
  total: number;
  sent: number;
  pending: number;
  undeliverable: number;
  draft: number;
  opened: number;
}

const pct = (n: number, total: number) => (total ? (n / total) * 100 : 0);

const SEGMENTS = [
  { key: 'sent', label: 'Sent', color: 'laurel.6' },
  { key: 'pending', label: 'Sending', color: 'blue.5' },
  { key: 'undeliverable', label: 'Undeliverable', color: 'red.5' },
  { key: 'draft', label: 'Unsent', color: 'stone.3' },
] as const;

/** Where a project's delivery stands as one bar: sent, still sending, undeliverable and not sent. */
export function DeliveryBar({
  counts,
  size = 'md',
  animate = false,
}: {
  counts: DeliveryCounts;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  animate?: boolean;
}) {
  return (
    // A group carries the bar's summary; each segment is a progress bar named by what it counts.
    <Progress.Root size={size} role="group" aria-label={`${counts.sent} of ${counts.total} sent`}>
      {SEGMENTS.map((segment) =>
        counts[segment.key] > 0 ? (
          <Tooltip key={segment.key} label={`${segment.label}: ${counts[segment.key]}`}>
            <Progress.Section
              value={pct(counts[segment.key], counts.total)}
              aria-label={segment.label}
              color={segment.color}
              animated={animate && segment.key === 'pending'}
              striped={segment.key === 'pending'}
            />
          </Tooltip>
        ) : null,
      )}
    </Progress.Root>
  );
}

/** The bar's legend with counts, opened included. */
export function DeliveryLegend({ counts }: { counts: DeliveryCounts }) {
  const items = [
    ...SEGMENTS.map((s) => ({ ...s, value: counts[s.key] })),
    { key: 'opened', label: 'Opened', color: 'gilt.5', value: counts.opened },
  ];
  return (
    <Group gap="lg" wrap="wrap">
      {items.map((item) => (
        <Group key={item.key} gap={6} wrap="nowrap">
          <Box w={10} h={10} style={{ borderRadius: 3, background: `var(--mantine-color-${item.color.replace('.', '-')})` }} />
          <Text size="sm" c="stone.7">
            {item.label}
          </Text>
          <Text size="sm" fw={650} data-testid={`count-${item.key}`}>
            {item.value.toLocaleString('en-US')}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

export function countsOfProject(p: ProjectCounters): DeliveryCounts {
  return {
    total: p.recipients_count,
    sent: p.sent_count,
    pending: p.sent_pending,
    undeliverable: p.undeliverable,
    draft: p.unsent_count,
    opened: p.sent_count - p.unvisited_recipients,
  };
}
