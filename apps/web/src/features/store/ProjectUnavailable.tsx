import { Skeleton, Stack } from '@mantine/core';
import { IconFolderOff } from '@tabler/icons-react';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { BackLink, type BackTo } from './BackLink.tsx';

/** A project that cannot be shown: gone or another account's (404), not allowed (403), or a failed load. */
export function ProjectUnavailable({ error, onRetry, back }: { error: unknown; onRetry(): void; back: BackTo }) {
  return (
    <>
      <BackLink {...back} />
      {error instanceof ApiError && (error.status === 404 || error.status === 403) ? (
        <EmptyPanel
          icon={<IconFolderOff size={26} stroke={1.6} />}
          title={error.status === 404 ? 'Project not found' : 'No access to this project'}
          description={`${errorMessage(error)} It may have been deleted, or it belongs to someone else.`}
          action={back}
        />
      ) : (
        <LoadFailed title="The project could not be loaded" error={error} onRetry={onRetry} />
      )}
    </>
  );
}

/** A project page while its project loads: its header card, then its table, so nothing jumps. */
export function ProjectLoading({ headerHeight }: { headerHeight: number }) {
  return (
    <Stack>
      <Skeleton h={headerHeight} radius="lg" />
      <Skeleton h={360} radius="lg" />
    </Stack>
  );
}
