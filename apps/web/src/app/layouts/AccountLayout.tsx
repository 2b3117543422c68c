import { primaryRole, startsWithSegment } from '@laurel/domain';
import { Box, Grid, NativeSelect } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { SideNav } from './NavLinks.tsx';
import { accountNavFor } from './navigation.tsx';

/** Account settings: a section list beside the page on wide screens, a select on phones. */
export function AccountLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const nav = accountNavFor(primaryRole(user) === 'account_user');
  const items = nav.flatMap((g) => g.items);
  const current = [...items].sort((a, b) => b.to.length - a.to.length).find((item) => startsWithSegment(pathname, item.to));

  return (
    <Grid gap={{ base: 'lg', md: 40 }}>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Box visibleFrom="md" pos="sticky" top={96}>
          <SideNav groups={nav} label="Account settings" />
        </Box>
        <NativeSelect
          hiddenFrom="md"
          label="Account section"
          value={current?.to ?? '/account'}
          onChange={(event) => navigate(event.currentTarget.value)}
          data={nav.map((group) => ({
            group: group.group,
            items: group.items.map((item) => ({ value: item.to, label: item.label })),
          }))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
