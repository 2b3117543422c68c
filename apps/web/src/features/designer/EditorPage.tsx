import { migrateDesign } from '@laurel/certificate';
import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { type BuilderTarget, getDesignSet } from './api.ts';
import { BuilderScreen } from './builder/BuilderScreen.tsx';
import { prefetchDesignFonts } from './builder/fonts/prefetch-fonts.ts';
import { designerKeys } from './query-keys.ts';

/** /build/:id edits an account's set; /admin/build/:id edits a global template through the style calls. */
export function EditorPage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const user = useSignedInUser();
  const target: BuilderTarget = { kind: pathname.startsWith('/admin/') ? 'styles' : 'certificates', id: Number(id) };
  const listPath = target.kind === 'styles' ? '/admin/build' : '/build';
  const set = useQuery({
    queryKey: designerKeys.designSet(target.kind, target.id),
    queryFn: async () => {
      const set = await getDesignSet(target);
      // The fonts set off now, while the builder renders for the first time, not after it.
      prefetchDesignFonts(migrateDesign(set));
      return set;
    },
    enabled: Number.isInteger(target.id) && target.id > 0,
    // The editor owns the design once open: a background refetch must not replace work in progress.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  if (set.isPending && Number.isInteger(target.id) && target.id > 0) {
    return (
      <Center mih="60vh">
        <Stack align="center" gap="xs">
          <Loader />
          <Text size="sm" c="dimmed">
            Opening the designer…
          </Text>
        </Stack>
      </Center>
    );
  }
  if (!set.data) {
    const missing = !(Number.isInteger(target.id) && target.id > 0) || (set.error instanceof ApiError && set.error.status === 404);
    return (
      <Center mih="60vh">
        <Paper withBorder p="xl" maw={440} ta="center">
          <Stack align="center" gap="sm">
            <IconAlertTriangle size={36} stroke={1.4} color="var(--mantine-color-orange-6)" />
            <Title order={2} fz={20}>
              {missing ? 'This design does not exist' : 'The design could not be opened'}
            </Title>
            <Text size="sm" c="dimmed">
              {missing ? 'It may have been deleted, or the link is wrong.' : errorMessage(set.error)}
            </Text>
            <Stack gap="xs" mt="sm">
              {!missing && <Button onClick={() => set.refetch()}>Try again</Button>}
              <Button component={Link} to={listPath} variant="default">
                Back to the list
              </Button>
            </Stack>
          </Stack>
        </Paper>
      </Center>
    );
  }
  return <BuilderScreen key={`${target.kind}-${target.id}`} target={target} set={set.data} user={user} />;
}
