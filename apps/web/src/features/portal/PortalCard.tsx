import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card recipients meet on the portal's entry screens. */
export function PortalCard({ icon, title, children, footer }: { icon: ReactNode; title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }} maw={480} mx="auto">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={1} className="display-title" fz={28}>
          {title}
        </Title>
        <Text c="stone.6">{children}</Text>
        {footer}
      </Stack>
    </Paper>
  );
}
