import { Center, Loader, Stack } from '@mantine/core';
import { LaurelMark } from '../brand/LaurelMark.tsx';

/** Shown while the app learns who is signed in; kept calm so a fast answer does not flash. */
export function FullPageLoader() {
  return (
    <Center h="100vh" role="status" aria-label="Loading Laurel">
      <Stack align="center" gap="lg">
        <LaurelMark size={44} title="" />
        <Loader size="sm" type="dots" />
      </Stack>
    </Center>
  );
}
