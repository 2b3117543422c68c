import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../shared/api/errors.ts';
import { getProgress, getProject, progressKey, projectKey, recipientsKey } from './api.ts';

/** How often a project still sending is asked for its progress (spec: live progress every ~1.5 s). */
export const PROGRESS_POLL_MS = 1_500;

/**
 * A project and its delivery progress. While anything is still queued or sending the progress is
 * polled, and each change refreshes the project's counters and recipient rows, so the screen follows
 * the send live and stops asking once it is finished.
 */
export function useProjectDelivery(projectId: number) {
  const queryClient = useQueryClient();
  const project = useQuery({
    queryKey: projectKey(projectId),
    queryFn: () => getProject(projectId),
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });
  const progress = useQuery({
    queryKey: progressKey(projectId),
    queryFn: () => getProgress(projectId),
    enabled: project.isSuccess,
    refetchInterval: (query) => (query.state.data && !query.state.data.finished ? PROGRESS_POLL_MS : false),
  });
  const p = progress.data;
  const signature = p ? [p.draft, p.pending, p.sent, p.bounced, p.failed, p.suppressed, p.opened].join(':') : '';
  useEffect(() => {
    if (!signature) return;
    void queryClient.invalidateQueries({ queryKey: projectKey(projectId) });
    void queryClient.invalidateQueries({ queryKey: recipientsKey(projectId) });
  }, [signature, projectId, queryClient]);
  return { project, progress };
}
