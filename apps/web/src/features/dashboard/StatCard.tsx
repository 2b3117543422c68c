import { Card, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure; a skeleton while it is being asked for, never a typed-in number. */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode | undefined; hint?: ReactNode }) {
  return (
    <Card padding="md" shadow="xs">
      <Stack gap={4}>
        <Text size="sm" c="stone.6" fw={500}>
          {label}
        </Text>
        {value === undefined ? (
          <Skeleton h={31} w={80} />
        ) : (
          <Text fz={28} fw={650} lh={1.1} aria-label={`${label}: ${value}`}>
            {value}
          </Text>
        )}
        {hint && (
          <Text size="xs" c="stone.5">
            {hint}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
