import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCompass } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '../../shared/brand/Logo.tsx';
import { Illustration } from '../../shared/components/Illustration.tsx';

/** Unknown paths stay where they are and say so (docs/product/access-and-routes.md#screens: no fallback route). */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Stack mih="100vh" p="lg" gap={0}>
      <Link to="/" aria-label="Laurel home" style={{ textDecoration: 'none', width: 'fit-content' }}>
        <Logo size={28} />
      </Link>
      <Center style={{ flex: 1 }}>
        <Stack align="center" ta="center" gap="md" maw={460}>
          <Illustration icon={<IconCompass size={28} stroke={1.6} />} />
          <Text size="sm" fw={700} c="laurel.7" style={{ letterSpacing: '0.12em' }}>
            404
          </Text>
          <Title order={1} className="display-title">
            Page not found
          </Title>
          <Text c="stone.6">The address may be mistyped, or the page may have moved. Nothing was changed.</Text>
          <Group mt="sm">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
              Go back
            </Button>
            <Button component={Link} to="/">
              Go to Laurel
            </Button>
          </Group>
        </Stack>
      </Center>
    </Stack>
  );
}
