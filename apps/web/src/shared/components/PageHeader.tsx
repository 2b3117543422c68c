import type { TutorialScreen } from '@laurel/domain';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { TutorialButton } from '../tutorials/TutorialButton.tsx';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  eyebrow?: string;
  /** The screen whose tutorial videos the header offers (a button only when there are some). */
  tutorial?: TutorialScreen;
}

/** The top of every signed-in screen: title, one line on what the screen is for, its actions. */
export function PageHeader({ title, description, actions, eyebrow, tutorial }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="xl" wrap="wrap">
      <Stack gap={6} maw={680}>
        {eyebrow && (
          <Text size="xs" fw={600} tt="uppercase" c="laurel.7" style={{ letterSpacing: '0.08em' }}>
            {eyebrow}
          </Text>
        )}
        {/* A title may hold an address or a long name: it wraps rather than widening a phone screen. */}
        <Title order={1} className="display-title" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {description && (
          <Text c="stone.6" size="md">
            {description}
          </Text>
        )}
      </Stack>
      {(actions || tutorial) && (
        <Group gap="sm">
          {tutorial && <TutorialButton screen={tutorial} />}
          {actions && <Box>{actions}</Box>}
        </Group>
      )}
    </Group>
  );
}
