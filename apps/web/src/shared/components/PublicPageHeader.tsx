import { Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LaurelMark } from '../brand/LaurelMark.tsx';

/** The bar atop the pages anyone may open without signing in (a certificate, email preferences, verification). */
export function PublicPageHeader({ title, width, logo }: { title: string; width: number; logo?: ReactNode }) {
  return (
    <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--laurel-border)' }}>
      <Container size={width} py="md">
        <Group gap="sm">
          {logo ?? <LaurelMark size={32} title="" />}
          <Text fw={650} size="lg">
            {title}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
