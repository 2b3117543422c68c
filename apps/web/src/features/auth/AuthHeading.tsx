import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of a sign-in style screen. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="xl">
      <Title order={1} className="display-title" fz={32}>
        {title}
      </Title>
      {children && (
        <Text c="stone.6" size="md">
          {children}
        </Text>
      )}
    </Stack>
  );
}
