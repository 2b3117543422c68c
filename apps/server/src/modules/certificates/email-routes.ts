import { certificateCalls as calls, testEmailSentMessage } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember, requireRole } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { sendStyleTestEmail } from '../styles/index.ts';
import { previewSetEmail, sendSetTestEmail } from './set-email.ts';
import { testRecipients } from './test-recipients.ts';

/** A super-admin's template tests go out at most this often from one address (a set's tests are limited per account). */
const TEST_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

/** The email a set sends: preview with sample data, and test messages (docs/product/builder.md#calls). */
export function certificateEmailRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.previewCertificateEmail, async (request) =>
    previewSetEmail(context, requireAccountMember(request), request.params.id, request.body),
  );

  route(app, calls.listTestEmailRecipients, async (request) => ({
    emails: await testRecipients(context, requireAccountMember(request)),
  }));

  route(app, calls.sendTestCertificateEmail, async (request) => {
    const to = await sendSetTestEmail(context, requireAccountMember(request), request.params.id, request.body);
    return { success: true, message: testEmailSentMessage(to), to };
  });

  /** A global template's email, sent to the super-admin who asks (the spec's admin variant). */
  route(
    app,
    calls.sendTestStyleEmail,
    async (request) => {
      const auth = requireRole(request, ['global_admin']);
      if (auth.user.id !== request.params.userId) throw notFound();
      await sendStyleTestEmail(context, auth, request.params.id);
      return { success: 'OK' as const, message: testEmailSentMessage(auth.user.email), to: auth.user.email };
    },
    { rateLimit: TEST_RATE_LIMIT },
  );
}
