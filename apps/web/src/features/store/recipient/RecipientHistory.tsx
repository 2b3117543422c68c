import type { HistoryEvent } from '@laurel/domain';
import { Text, Timeline } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCheck, IconClock, IconEye, IconMailForward, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../shared/lib/format.ts';
import { EVENT_COLORS, eventLabel } from '../status.ts';

const ICONS: Record<string, ReactNode> = {
  sent: <IconCheck size={12} />,
  opened: <IconEye size={12} />,
  bounced: <IconAlertTriangle size={12} />,
  failed: <IconAlertTriangle size={12} />,
  suppressed: <IconAlertTriangle size={12} />,
  deferred: <IconClock size={12} />,
  retry: <IconClock size={12} />,
  resend: <IconMailForward size={12} />,
  edited: <IconPencil size={12} />,
  email_changed: <IconPencil size={12} />,
  revoked: <IconBan size={12} />,
};

/** Everything that happened to one certificate, oldest first: queued, sent, retried, bounced, opened… */
export function RecipientHistory({ events }: { events: HistoryEvent[] }) {
  if (!events.length) {
    return (
      <Text size="sm" c="stone.6">
        Nothing has happened yet: this certificate has not been sent.
      </Text>
    );
  }
  return (
    <Timeline active={events.length - 1} bulletSize={22} lineWidth={2} aria-label="Delivery history">
      {events.map((event, index) => (
        <Timeline.Item
          // biome-ignore lint/suspicious/noArrayIndexKey: append-only history in which two events may share time and kind; an event never moves
          key={`${event.at}-${index}`}
          bullet={ICONS[event.event] ?? <IconClock size={12} />}
          color={EVENT_COLORS[event.event] ?? 'laurel'}
          title={
            <Text size="sm" fw={600}>
              {eventLabel(event.event)}
            </Text>
          }
        >
          <Text size="xs" c="stone.6">
            {formatDateTime(event.at)}
          </Text>
          {event.detail && (
            <Text size="xs" c="stone.7" mt={2} style={{ wordBreak: 'break-word' }}>
              {event.detail}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
