import { Group, Text } from '@mantine/core';
import { LaurelMark } from './LaurelMark.tsx';

/** Mark and wordmark together, as the header and the sign-in screens show them. */
export function Logo({ size = 30, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LaurelMark size={size} title="" />
      <Text
        component="span"
        className="display-title"
        fz={size * 0.7}
        lh={1}
        c={inverted ? 'white' : 'laurel.9'}
        style={{ letterSpacing: '-0.015em' }}
      >
        Laurel
      </Text>
    </Group>
  );
}
