import type { PublicPortalSettings } from '@laurel/domain';
import { Anchor, Box, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { LaurelMark } from '../../shared/brand/LaurelMark.tsx';
import { PortalExtras, portalBackground } from './PortalExtras.tsx';
import { PortalLoginButton } from './PortalLoginButton.tsx';

/** The portal's own address on this server: the account's subdomain of the base domain, same scheme and port. */
export function portalLoginUrl(accountUrl: string, baseDomain: string): string {
  const { protocol, port } = window.location;
  return `${protocol}//${accountUrl}.${baseDomain}${port ? `:${port}` : ''}/portal/login`;
}

/**
 * The portal login page as recipients will see it, drawn from the settings being edited (saved or not):
 * the name, background, login button, text, links and the "Powered by" line. A small copy of the real
 * page's parts, not the page itself, so it follows every keystroke without a round trip.
 */
export function PortalPreview({ look, accountName, address }: { look: PublicPortalSettings; accountName: string; address: string }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={650}>Preview</Text>
        <Anchor href={address} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} wrap="nowrap">
            Open the portal login page <IconExternalLink size={14} />
          </Group>
        </Anchor>
      </Group>
      <Paper withBorder shadow="sm" radius="md" style={{ overflow: 'hidden' }} aria-label="Portal login page preview" role="figure">
        <Box px="sm" py={6} bg="gray.1" style={{ borderBottom: '1px solid var(--laurel-border)' }}>
          <Text size="xs" c="stone.6" truncate>
            {address.replace(/^https?:\/\//, '')}
          </Text>
        </Box>
        <Box bg="var(--mantine-color-body)" style={portalBackground(look)} data-testid="preview-background">
          <Box bg="white" px="md" py="sm" style={{ borderBottom: '1px solid var(--laurel-border)' }}>
            <Group gap="xs" wrap="nowrap">
              <LaurelMark size={22} title="" />
              <Text fw={650} truncate data-testid="preview-name">
                {look.portal_name.text || accountName}
              </Text>
            </Group>
          </Box>
          <Stack gap="sm" p="md">
            <Paper withBorder p="md" maw={320} mx="auto" w="100%">
              <Stack gap="xs">
                <Title order={3} fz="md" ta="center">
                  Sign in to your certificates
                </Title>
                <TextInput size="xs" label="Email" placeholder="you@example.com" readOnly tabIndex={-1} />
                <PasswordInput size="xs" label="Password" readOnly tabIndex={-1} />
                <PortalLoginButton type="button" look={look.login_button} />
              </Stack>
            </Paper>
            <PortalExtras look={look} compact />
            {!look.hide_powered && (
              <Center>
                <Paper px="xs" py={2} radius="xl" withBorder>
                  <Group gap={4}>
                    <LaurelMark size={12} variant="plain" title="" />
                    <Text size="xs" c="stone.6">
                      Powered by Laurel
                    </Text>
                  </Group>
                </Paper>
              </Center>
            )}
          </Stack>
        </Box>
      </Paper>
    </Stack>
  );
}
