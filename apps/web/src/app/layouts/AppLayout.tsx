import { isAdminPath, landingPath, primaryRole } from '@laurel/domain';
import { AppShell, Box, Burger, Button, Container, Divider, Group, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Logo } from '../../shared/brand/Logo.tsx';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { IMPERSONATION_BANNER_HEIGHT, ImpersonationBanner } from './ImpersonationBanner.tsx';
import { SideNav, TopNavLinks } from './NavLinks.tsx';
import { ADMIN_NAV, MAIN_NAV } from './navigation.tsx';
import { UserMenu } from './UserMenu.tsx';

const HEADER_HEIGHT = 64;

/** The signed-in shell: header with the main areas, the admin menu on admin paths, and the confirm dialogs. */
export function AppLayout() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  const [menuOpen, menu] = useDisclosure(false);
  const admin = isAdminPath(pathname);
  const impersonating = !!user.impersonated_by;
  const headerHeight = HEADER_HEIGHT + (impersonating ? IMPERSONATION_BANNER_HEIGHT : 0);

  // A chosen destination closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger: each new location closes the menu
  useEffect(() => {
    menu.close();
  }, [pathname, menu.close]);

  // The confirm dialogs (`modals.openConfirmModal`) are all opened from signed-in screens: their provider
  // loads with this frame rather than with the sign-in page.
  return (
    <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
      <AppShell
        header={{ height: headerHeight }}
        navbar={{ width: 256, breakpoint: 'sm', collapsed: { mobile: !menuOpen, desktop: !admin } }}
        padding={0}
      >
        <AppShell.Header withBorder style={{ backdropFilter: 'saturate(180%) blur(8px)', background: 'rgba(255,255,255,0.92)' }}>
          {impersonating && <ImpersonationBanner user={user} />}
          <Group h={HEADER_HEIGHT} px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Burger opened={menuOpen} onClick={menu.toggle} hiddenFrom="sm" size="sm" aria-label="Open navigation" />
              <Link to={landingPath(user)} aria-label="Laurel home" style={{ textDecoration: 'none' }}>
                <Logo size={28} />
              </Link>
              <Group component="nav" aria-label="Main" gap={2} visibleFrom="sm" wrap="nowrap">
                <TopNavLinks items={MAIN_NAV} />
              </Group>
            </Group>
            <Group gap="sm" wrap="nowrap">
              {primaryRole(user) === 'global_admin' && !admin && (
                <Button
                  component={Link}
                  to="/admin/accounts"
                  variant="light"
                  size="xs"
                  leftSection={<IconShieldCheck size={15} />}
                  visibleFrom="md"
                >
                  Admin
                </Button>
              )}
              <UserMenu user={user} />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="sm" bg="stone.0">
          <ScrollArea type="never">
            <Box hiddenFrom="sm">
              <Box component="nav" aria-label="Main" style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                <TopNavLinks items={MAIN_NAV} onNavigate={menu.close} />
              </Box>
              {admin && <Divider my="sm" />}
            </Box>
            {admin && <SideNav groups={ADMIN_NAV} label="Admin" onNavigate={menu.close} />}
          </ScrollArea>
        </AppShell.Navbar>

        <AppShell.Main>
          <Container size={1180} px={{ base: 'md', sm: 'xl' }} py={{ base: 'lg', sm: 40 }}>
            <Outlet />
          </Container>
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
