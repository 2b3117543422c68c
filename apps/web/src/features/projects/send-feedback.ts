import { LONG_ERROR_NOTIFICATION_MS, type SendResult } from '@laurel/domain';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { notifySuccess } from '../../shared/lib/notify.ts';

/** Large sends go to their sent-status page after this pause (docs/product/send-wizard.md#rules-and-limits). */
export const QUEUED_REDIRECT_MS = 5_000;

/** The server's own words for a send without a sender name, said before asking it. */
export const SENDER_REQUIRED = 'Please fill out the Sender Name field.';

/**
 * What the issuer sees after a send or resend (docs/product/send-wizard.md#messages): the server's message; a sticky warning
 * and the subscription page when credits are short; other failures for 30 seconds, then the
 * server's redirect, if any, remembering where the issuer came from.
 */
export function useSendFeedback() {
  const navigate = useNavigate();
  return {
    sent(result: SendResult) {
      notifySuccess(result.message);
      if (result.redirect) {
        const to = result.redirect;
        window.setTimeout(() => navigate(to), QUEUED_REDIRECT_MS);
      }
    },
    failed(error: unknown) {
      const body = error instanceof ApiError ? error.body : null;
      if (body?.error_type === 'credits') {
        notifications.show({ color: 'yellow', title: 'More credits needed', message: errorMessage(error), autoClose: false });
        void navigate(body.redirect ?? '/account/subscription', { state: { from: window.location.pathname } });
        return;
      }
      notifications.show({ color: 'red', message: `Error sending emails. ${errorMessage(error)}`, autoClose: LONG_ERROR_NOTIFICATION_MS });
      if (body?.redirect) void navigate(body.redirect, { state: { from: window.location.pathname } });
    },
  };
}
