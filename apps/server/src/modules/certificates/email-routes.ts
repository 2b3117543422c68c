import { migrateDesign } from '@laurel/certificate';
import { EMAIL_DESIGN_MESSAGES, isValidEmail } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { styles } from '../../db/schema.ts';
import { requireAccountMember, requireRole } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { prepareEmail, previewEmail, sendTestEmail } from './email.ts';
import { assertMayEditEmail } from './permissions.ts';
import { findCertificateSet } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const testBody = z.object({
  email: z.string().trim().max(254).optional(),
  fields: z
    .array(z.object({ name: z.string().max(100), value: z.string().max(500) }))
    .max(100)
    .default([]),
});
const TEST_MESSAGE = 'Email sent. Please check admin email inbox.';

/** The email a set sends: preview with sample data, and test messages (spec 2 §7). */
export function certificateEmailRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];

  /** The unsaved editor state composed as recipients will get it; also checks the editor's rules. */
  r.post(
    '/api/certificates/:id/email-preview',
    { schema: { tags, params: idParams, body: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const member = requireAccountMember(request);
      const set = await findCertificateSet(context, member, request.params.id);
      const email = prepareEmail(set.email, request.body);
      return previewEmail(context, {
        accountId: member.accountId,
        senderEmail: member.user.email,
        email,
        design: migrateDesign(set.design),
        to: 'alex.morgan@example.com',
        title: set.name,
        setId: set.id,
      });
    },
  );

  r.post(
    '/api/certificates/send-test-certificate-email/:id',
    { schema: { tags, params: idParams, body: testBody }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request) => {
      const member = requireAccountMember(request);
      assertMayEditEmail(member.user);
      const set = await findCertificateSet(context, member, request.params.id);
      const replyTo = set.email.reply_to;
      if (typeof replyTo !== 'string' || !replyTo.trim())
        throw badRequest(EMAIL_DESIGN_MESSAGES.replyToMissingForTest, { field: 'reply_to' });
      const to = request.body.email ?? member.user.email;
      if (!isValidEmail(to)) throw badRequest('Invalid email format', { field: 'email' });
      if (request.body.fields.some((f) => !f.value.trim())) throw badRequest('Fill in every field to send a test.', { field: 'fields' });
      const fields = Object.fromEntries(request.body.fields.map((f) => [f.name.replace(/^\[|\]$/g, ''), f.value]));
      await sendTestEmail(context, {
        accountId: member.accountId,
        senderEmail: member.user.email,
        email: set.email,
        design: migrateDesign(set.design),
        to,
        fields,
        title: set.name,
        setId: set.id,
      });
      return { success: true, message: TEST_MESSAGE };
    },
  );

  /** A global template's email, sent to the super-admin who asks (the spec's admin variant). */
  r.post(
    '/api/certificates/send-test-certificate-email/:userId/:id',
    {
      schema: { tags, params: idParams.extend({ userId: z.coerce.number().int().positive() }) },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const auth = requireRole(request, ['global_admin']);
      if (auth.user.id !== request.params.userId) throw notFound();
      const [style] = await context.db.select().from(styles).where(eq(styles.id, request.params.id));
      if (!style) throw notFound();
      await sendTestEmail(context, {
        accountId: null,
        senderEmail: auth.user.email,
        email: style.email,
        design: migrateDesign(style.design),
        to: auth.user.email,
        fields: {},
        title: style.name,
        setId: null,
      });
      return { success: 'OK', message: TEST_MESSAGE };
    },
  );
}
