import { modals } from '@mantine/modals';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';
import { openNeedMoreSetsDialog, openUpgradeDialog } from '../../../shared/components/plan-dialogs.tsx';
import { notifyError } from '../../../shared/lib/notify.ts';

/** docs/product/builder.md#messages create failure codes; the server already words them as the spec does. */
const CREATE_MESSAGES: Record<string, string> = {
  limit: "You don't have enough credits to create new Certificate",
  invalid: 'You must put valid email address on reply-to field.',
  exist: 'Certificate name already exists. Please try again.',
};

/** Shows why a set could not be created: the need-more-sets or upgrade dialog, or the message. */
export function showCreateError(error: unknown, navigate: (to: string) => void): void {
  const type = error instanceof ApiError ? error.body.error_type : undefined;
  if (type === 'limit') {
    notifyError(CREATE_MESSAGES.limit!);
    openNeedMoreSetsDialog(navigate);
    return;
  }
  if (type === 'upgrade') {
    openUpgradeDialog(navigate, errorMessage(error));
    return;
  }
  if (error instanceof ApiError && error.status === 403) {
    modals.openConfirmModal({
      title: 'Access denied',
      children: errorMessage(error),
      labels: { confirm: 'OK', cancel: 'Close' },
      cancelProps: { display: 'none' },
    });
    return;
  }
  notifyError((type && CREATE_MESSAGES[type]) || errorMessage(error));
}
