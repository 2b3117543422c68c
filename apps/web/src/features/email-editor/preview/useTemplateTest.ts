import { testEmailSentMessage } from '@laurel/domain';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../../shared/lib/notify.ts';
import { sendTemplateTestEmail } from '../api.ts';

/**
 * A global template's test: its saved email, sent with sample data to the super-admin who asks, so they
 * see it in a real inbox as accounts starting from the template will send it.
 */
export function useTemplateTest(styleId: string, userId: number, saved: boolean) {
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!saved) {
      notifyError('You must first save the Certificate in order to preview');
      return;
    }
    setSending(true);
    try {
      const sent = await sendTemplateTestEmail(userId, styleId);
      notifySuccess(testEmailSentMessage(sent.to));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}
