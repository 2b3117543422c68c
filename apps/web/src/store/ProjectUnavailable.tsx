import { IconFolderOff } from '@tabler/icons-react';
import { ApiError, errorMessage } from '../api/errors.ts';
import { EmptyPanel } from '../components/EmptyPanel.tsx';
import { LoadFailed } from './table/TableStates.tsx';

/** A project that cannot be shown: gone or another account's (404), not allowed (403), or a failed load. */
export function ProjectUnavailable({ error, onRetry, back }: { error: unknown; onRetry(): void; back: { label: string; to: string } }) {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
    return (
      <EmptyPanel
        icon={<IconFolderOff size={26} stroke={1.6} />}
        title={error.status === 404 ? 'Project not found' : 'No access to this project'}
        description={`${errorMessage(error)} It may have been deleted, or it belongs to someone else.`}
        action={back}
      />
    );
  }
  return <LoadFailed title="The project could not be loaded" error={error} onRetry={onRetry} />;
}
