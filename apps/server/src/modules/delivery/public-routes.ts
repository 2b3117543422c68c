import { migrateDesign } from '@laurel/certificate';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { accounts, projects, recipients, suppressions } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { linkedInAddToProfileUrl } from '../../mail/certificate-email/index.ts';
import { designPng } from '../certificates/rendering.ts';
import { issuedCertificatePdf, recipientData } from './certificate-file.ts';
import { withEvent } from './events.ts';
import { recipientLinks } from './links.ts';

const tokenParams = z.object({
  token: z
    .string()
    .min(20)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

async function byToken(context: AppContext, token: string) {
  const [row] = await context.db
    .select({ recipient: recipients, project: projects, account: accounts })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .innerJoin(accounts, eq(accounts.id, recipients.account_id))
    .where(eq(recipients.token, token));
  // A certificate is public once it has been sent; before that its link does not exist.
  if (!row || !['sent', 'bounced'].includes(row.recipient.state)) throw notFound('Certificate not found.');
  return row;
}

/** Valid, expired or revoked, as a verifier sees it. */
function status(recipient: typeof recipients.$inferSelect, now: Date): 'valid' | 'expired' | 'revoked' {
  if (recipient.revoked_at) return 'revoked';
  const expires = recipient.meta.EXPIRATION_DATE;
  if (expires && new Date(`${expires}T23:59:59Z`) < now) return 'expired';
  return 'valid';
}

/** The recipient's certificate: public, reached by its unguessable token. */
export function certificatePageRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The recipient's certificate page data and its verification (public, by unguessable token). */
  r.get('/api/c/:token', { schema: { tags: ['certificate'], params: tokenParams } }, async (request) => {
    const { recipient, project, account } = await byToken(context, request.params.token);
    const now = context.clock.now();
    if (!recipient.accessed_at) {
      await context.db
        .update(recipients)
        .set({ accessed_at: now, sent_details: withEvent('opened', now) })
        .where(sql`${recipients.id} = ${recipient.id} and ${recipients.accessed_at} is null`);
    }
    const links = recipientLinks(context, recipient.token);
    return {
      certificate_name: project.snapshot.name,
      certificate_number: recipient.certificate_number,
      recipient_name: `${recipient.first_name} ${recipient.last_name}`.trim(),
      issuer: { name: account.name, imagepath: account.imagepath },
      issued_at: (recipient.sent_at ?? recipient.created_at).toISOString(),
      expires_on: recipient.meta.EXPIRATION_DATE || null,
      status: status(recipient, now),
      pdf_url: links.pdf,
      image_url: `/api/c/${recipient.token}/image.png`,
      url: links.certificate,
      linkedin_url: linkedInAddToProfileUrl({
        title: project.snapshot.name,
        organizationId: String(project.snapshot.email.linkedin_org_id ?? ''),
        organizationName: account.name,
        issuedAt: recipient.sent_at ?? recipient.created_at,
        expiresAt: recipient.meta.EXPIRATION_DATE ? new Date(`${recipient.meta.EXPIRATION_DATE}T00:00:00Z`) : null,
        certUrl: links.certificate,
        certId: recipient.certificate_number,
      }),
    };
  });

  r.get(
    '/api/c/:token/image.png',
    {
      schema: {
        tags: ['certificate'],
        params: tokenParams,
        querystring: z.object({ width: z.coerce.number().int().min(100).max(2000).default(1280) }),
      },
    },
    async (request, reply) => {
      const { recipient, project } = await byToken(context, request.params.token);
      const png = await designPng(context, project.account_id, migrateDesign(project.snapshot.design), recipientData(context, recipient), {
        width: request.query.width,
      });
      return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(png);
    },
  );

  r.get('/api/c/:token/pdf', { schema: { tags: ['certificate'], params: tokenParams } }, async (request, reply) => {
    const { recipient, project } = await byToken(context, request.params.token);
    const pdf = await issuedCertificatePdf(context, project, recipient);
    const name =
      `${project.snapshot.name} - ${recipient.first_name} ${recipient.last_name}`.replace(/[^\w\- ]+/g, '').trim() || 'certificate';
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}.pdf"`).send(pdf);
  });

  /** One-click unsubscribe (RFC 8058): the address is suppressed for this issuer. */
  r.post('/api/unsubscribe/:token', { schema: { tags: ['certificate'], params: tokenParams } }, async (request) => {
    const [row] = await context.db
      .select({ email: recipients.email, account_id: recipients.account_id })
      .from(recipients)
      .where(eq(recipients.token, request.params.token));
    if (!row) throw notFound();
    await context.db
      .insert(suppressions)
      .values({ account_id: row.account_id, email: row.email, reason: 'unsubscribe', created_at: context.clock.now() })
      .onConflictDoNothing();
    return { success: true, message: 'You will no longer receive emails from this issuer.' };
  });
}
