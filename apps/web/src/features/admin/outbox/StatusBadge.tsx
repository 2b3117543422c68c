import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  sent: 'laurel',
  delivered: 'laurel',
  kept: 'blue',
  queued: 'gilt',
  pending: 'gilt',
  sending: 'gilt',
  failed: 'red',
  bounced: 'red',
  suppressed: 'stone',
};

/** A message's delivery state, coloured by how it ended. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={COLORS[status] ?? 'stone'} radius="sm" tt="none">
      {status}
    </Badge>
  );
}
