import { Avatar, Box, Center, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { PortalAccountMenu, usePortalAccount } from '../../features/portal/index.ts';
import { DEFAULT_PORTAL_LOOK, PortalExtras, portalBackground, usePortalLook } from '../../features/portal-settings/index.ts';
import { LaurelMark } from '../../shared/brand/LaurelMark.tsx';
import { useAppConfig } from '../../shared/session/queries.ts';

/**
 * Recipient-facing screens (portal and credentials): the issuing account's name and logo lead,
 * Laurel stays in the footer. An account's portal wears its portal settings: its name, background,
 * text, support address and links, and the "Powered by" line unless hidden.
 */
export function PortalLayout({ kind }: { kind: 'portal' | 'credentials' }) {
  const { data: config } = useAppConfig();
  const account = config?.host.account ?? null;
  const accountLook = usePortalLook();
  const portal = usePortalAccount().account;
  // The credentials portal spans every issuer: no account's look applies there.
  const look = kind === 'portal' ? accountLook : DEFAULT_PORTAL_LOOK;
  const title = kind === 'credentials' ? 'My credentials' : look.portal_name.text || (account?.name ?? 'Certificate portal');
  // The issuer's logo leads only where branding applies (docs/product/recipient-portal.md#screens: a plan with the portal, and a logo).
  const logo = kind === 'portal' && portal?.branding ? portal.logo : null;
  // The account's text belongs under the sign-in (docs/product/recipient-portal.md#screens): a list, signed in or opened by
  // address, shows the support address and links without repeating it.
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const listByAddress = !!portal?.recipients_no_login && !!params.get('email')?.trim();
  const onSignIn = (pathname === '/portal/login' || pathname === '/portal/register') && !listByAddress;

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column', ...portalBackground(look) }} data-portal-background>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--laurel-border)' }}>
        <Container size={1040} py="md">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              {logo ? <Avatar src={logo} alt="" radius="md" size={36} /> : <LaurelMark size={32} title="" />}
              <Text fw={650} size="lg" truncate>
                {title}
              </Text>
            </Group>
            {kind === 'portal' && <PortalAccountMenu />}
          </Group>
        </Container>
      </Box>
      <Container size={1040} py={{ base: 'lg', sm: 48 }} w="100%" style={{ flex: 1 }}>
        <Stack gap="lg">
          <Outlet />
          <PortalExtras look={look} withText={onSignIn} />
        </Stack>
      </Container>
      {!look.hide_powered && (
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
      )}
    </Box>
  );
}
