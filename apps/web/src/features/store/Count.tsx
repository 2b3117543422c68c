import { Text, Tooltip } from '@mantine/core';

const TONES = { plain: undefined, good: 'laurel.8', info: 'blue.7', warn: 'gilt.8', bad: 'red.7' } as const;

/** A counter in a table: zero recedes, anything worth a look takes its colour. */
export function Count({ value, tone = 'plain', label }: { value: number; tone?: keyof typeof TONES; label?: string }) {
  const text = (
    <Text size="sm" fw={value ? 600 : 400} c={value ? TONES[tone] : 'stone.4'} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value.toLocaleString('en-US')}
    </Text>
  );
  return label && value ? <Tooltip label={label}>{text}</Tooltip> : text;
}
