import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { announcements, users } from '../../db/schema.ts';
import { requireAuth } from '../../http/auth.ts';

export function systemRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];

  r.get('/api/health', { schema: { tags } }, async () => ({ ok: true }));

  /** What the client needs before anyone signs in: which host it is on and what is configured. */
  r.get('/api/config', { schema: { tags } }, async (request) => ({
    base_domain: context.env.BASE_DOMAIN,
    public_url: context.env.PUBLIC_URL,
    host: {
      on_portal_host: request.hostInfo.onPortalHost,
      credentials_portal: request.hostInfo.credentialsPortal,
      account: request.hostInfo.account,
    },
    payments_enabled: !!context.env.STRIPE_SECRET_KEY,
    reviews_enabled: !!context.env.REVIEW_URL,
    pub_key: null,
  }));

  /**
   * The system-update announcement (spec 1 §7): an array whose second item, when present, is the
   * newest active announcement the user has not dismissed yet.
   */
  r.get('/api/users/show/modal/update-system', { schema: { tags } }, async (request) => {
    if (!request.auth) return [];
    const [latest] = await context.db
      .select({ id: announcements.id, title: announcements.title, content: announcements.content })
      .from(announcements)
      .where(and(eq(announcements.status, true), gt(announcements.id, request.auth.user.last_announcement_seen)))
      .orderBy(desc(announcements.id))
      .limit(1);
    return latest ? [null, latest] : [];
  });

  r.post('/api/users/show/modal/update-system/seen', { schema: { tags } }, async (request) => {
    const auth = requireAuth(request);
    const [latest] = await context.db.select({ id: announcements.id }).from(announcements).orderBy(desc(announcements.id)).limit(1);
    if (latest) await context.db.update(users).set({ last_announcement_seen: latest.id }).where(eq(users.id, auth.user.id));
    return { success: true };
  });
}
