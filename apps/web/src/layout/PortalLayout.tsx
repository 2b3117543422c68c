import { Avatar, Box, Center, Container, Group, Paper, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { LaurelMark } from '../brand/LaurelMark.tsx';
import { PortalAccountMenu } from '../portal/PortalAccountMenu.tsx';
import { useAppConfig } from '../session/queries.ts';

/**
 * Recipient-facing screens (portal and credentials): the issuing account's name and logo lead,
 * Laurel stays in the footer.
 */
export function PortalLayout({ kind }: { kind: 'portal' | 'credentials' }) {
  const { data: config } = useAppConfig();
  const account = config?.host.account ?? null;
  const title = kind === 'credentials' ? 'My credentials' : (account?.name ?? 'Certificate portal');

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--laurel-border)' }}>
        <Container size={1040} py="md">
          <Group justify="space-between">
            <Group gap="sm">
              {account?.imagepath ? <Avatar src={account.imagepath} alt="" radius="md" size={36} /> : <LaurelMark size={32} title="" />}
              <Text fw={650} size="lg">
                {title}
              </Text>
            </Group>
            {kind === 'portal' && <PortalAccountMenu />}
          </Group>
        </Container>
      </Box>
      <Container size={1040} py={{ base: 'lg', sm: 48 }} w="100%" style={{ flex: 1 }}>
        <Outlet />
      </Container>
      <Center py="lg">
        <Paper px="sm" py={4} radius="xl" withBorder>
          <Group gap={6}>
            <LaurelMark size={14} variant="plain" title="" />
            <Text size="xs" c="stone.6">
              Powered by Laurel
            </Text>
          </Group>
        </Paper>
      </Center>
    </Box>
  );
}
