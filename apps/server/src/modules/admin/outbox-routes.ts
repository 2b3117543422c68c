import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { mailMessages } from '../../db/schema.ts';
import { requireRole } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';

/** The outbox: every message the product sent or kept, for super-admins (/admin/outbox). */
export function outboxRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/outbox',
    {
      schema: {
        tags,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(10),
          offset: z.coerce.number().int().min(0).default(0),
        }),
      },
    },
    async (request) => {
      requireRole(request, ['global_admin']);
      const { limit, offset } = request.query;
      const [rows, [total]] = await Promise.all([
        context.db
          .select({
            id: mailMessages.id,
            to: mailMessages.to_address,
            subject: mailMessages.subject,
            kind: mailMessages.kind,
            status: mailMessages.status,
            created_at: mailMessages.created_at,
          })
          .from(mailMessages)
          .orderBy(desc(mailMessages.id))
          .limit(limit)
          .offset(offset),
        context.db.select({ value: count() }).from(mailMessages),
      ]);
      return { messages: rows.map((m) => ({ ...m, created_at: m.created_at.toISOString() })), count: total?.value ?? 0 };
    },
  );

  r.get('/api/admin/outbox/:id', { schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }) } }, async (request) => {
    requireRole(request, ['global_admin']);
    const [m] = await context.db.select().from(mailMessages).where(eq(mailMessages.id, request.params.id));
    if (!m) throw notFound();
    return {
      id: m.id,
      to: m.to_address,
      from: m.from_address,
      subject: m.subject,
      html: m.html,
      text: m.text,
      status: m.status,
      headers: { 'Message-ID': m.message_id, ...m.headers },
      created_at: m.created_at.toISOString(),
      sent_at: m.sent_at?.toISOString() ?? null,
      last_error: m.last_error,
    };
  });
}
