import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { LaurelMark } from '../../shared/brand/LaurelMark.tsx';
import { Logo } from '../../shared/brand/Logo.tsx';
import classes from './AuthLayout.module.css';

/** The sign-in, registration and password screens: the brand on the left, the form on the right. */
export function AuthLayout() {
  // The sign-in page comes rendered by the server, and a form sent on it before the app took it over was
  // held (public/load-after-paint.js): it is sent now. Here, not higher up: React takes over what is inside
  // the route's Suspense boundary after the frame around it, and this effect runs once the screen is live.
  useEffect(() => {
    document.dispatchEvent(new Event('laurel:ready'));
  }, []);
  return (
    <div className={classes.root}>
      <aside className={classes.brand} aria-hidden="true">
        <Logo size={32} inverted />
        <div className={classes.sheet}>
          <LaurelMark size={46} variant="plain" title="" />
          <Text size="xs" tt="uppercase" fw={600} c="gilt.8" style={{ letterSpacing: '0.2em' }}>
            Certificate of achievement
          </Text>
          <Text className="display-title" fz={30} lh={1.1}>
            Amelia Hart
          </Text>
          <Text size="xs" c="stone.6" maw={260}>
            for completing Advanced Data Analysis with distinction
          </Text>
          <Group gap={6} mt={8} c="laurel.7">
            <IconRosetteDiscountCheck size={16} />
            <Text size="xs" fw={600}>
              Verified by Laurel
            </Text>
          </Group>
        </div>
        <Stack gap={10} maw={420}>
          <Text className="display-title" fz={28} lh={1.2}>
            Certificates people are proud to share.
          </Text>
          <Text c="laurel.1" size="sm">
            Design once, send a personalised certificate to every recipient, and let anyone confirm it is genuine in a single click.
          </Text>
        </Stack>
      </aside>
      <main className={classes.form}>
        <Box hiddenFrom="md" mb="md">
          <Link to="/" aria-label="Laurel home" style={{ textDecoration: 'none' }}>
            <Logo size={28} />
          </Link>
        </Box>
        <div className={classes.formInner}>
          <Outlet />
        </div>
        <Text size="xs" c="stone.5" ta="center">
          © {new Date().getFullYear()} Laurel · Need help?{' '}
          <Anchor href="mailto:support@laurel.example" size="xs" c="stone.6" underline="always">
            support@laurel.example
          </Anchor>
        </Text>
      </main>
    </div>
  );
}
