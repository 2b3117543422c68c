import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Illustration } from './Illustration.tsx';

export interface EmptyPanelAction {
  label: string;
  to: string;
  icon?: ReactNode;
}

interface EmptyPanelProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: EmptyPanelAction;
  secondary?: EmptyPanelAction;
  children?: ReactNode;
}

/** What a screen shows before it has anything to list: artwork, a sentence, and the next step. */
export function EmptyPanel({ icon, title, description, action, secondary, children }: EmptyPanelProps) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }} shadow="xs">
      <Stack align="center" gap="md" ta="center">
        <Illustration icon={icon} />
        <Title order={2} fz={22} mt="sm">
          {title}
        </Title>
        <Text c="stone.6" maw={480}>
          {description}
        </Text>
        {(action || secondary) && (
          <Stack gap="xs" mt="xs" align="center">
            {action && (
              <Button component={Link} to={action.to} size="md" leftSection={action.icon}>
                {action.label}
              </Button>
            )}
            {secondary && (
              <Button component={Link} to={secondary.to} variant="subtle" size="sm" leftSection={secondary.icon}>
                {secondary.label}
              </Button>
            )}
          </Stack>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
