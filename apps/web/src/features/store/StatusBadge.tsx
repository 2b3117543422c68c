import type { RecipientState } from '@laurel/domain';
import { Badge, Group, Tooltip } from '@mantine/core';
import { STATE_LABELS } from './status.ts';

/** A recipient's delivery state, and a second badge when the certificate was revoked. */
export function RecipientStatus({ state, revoked = false }: { state: RecipientState; revoked?: boolean }) {
  const info = STATE_LABELS[state];
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={info.hint} multiline w={240}>
        <Badge
          color={info.color}
          variant={state === 'sent' ? 'filled' : 'light'}
          radius="sm"
          tt="uppercase"
          style={{ cursor: 'default', flexShrink: 0 }}
        >
          {info.label}
        </Badge>
      </Tooltip>
      {revoked && (
        <Badge color="red" variant="outline" radius="sm" tt="uppercase" style={{ flexShrink: 0 }}>
          Revoked
        </Badge>
      )}
    </Group>
  );
}
