import { confirmRequest, forgotRequest, landingPath, loginRequest, setPasswordRequest } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { requireAuth } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { loadUserDto } from '../users/presenter.ts';
import { issueCsrfToken, isValidCsrfToken } from './csrf.ts';
import { checkLink, requestPasswordReset, setPasswordFromLink } from './password-links.ts';
import { assertCsrf, login } from './service.ts';
import { createSession, revokeSession } from './sessions.ts';

export function authRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.get('/api/auth/csrf', { schema: { tags } }, async () => ({ csrf_token: issueCsrfToken(context) }));

  r.post('/api/auth', { schema: { tags, body: loginRequest } }, async (request) => {
    assertCsrf(isValidCsrfToken(context, request.body.csrf_token));
    return login(context, { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] });
  });

  r.get('/api/auth/current', { schema: { tags } }, async (request) => {
    const auth = requireAuth(request);
    return loadUserDto(context, auth.user, auth.session.impersonator_id);
  });

  r.delete('/api/auth/current', { schema: { tags } }, async (request) => {
    if (request.auth) await revokeSession(context, request.auth.session.id);
    return { success: true };
  });

  for (const path of ['/api/forgot', '/api/users/portal-forgot']) {
    r.post(path, { schema: { tags, body: forgotRequest }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request) => {
      await requestPasswordReset(context, request.body.email);
      return { success: true };
    });
  }

  r.post('/api/confirm', { schema: { tags, body: confirmRequest } }, async (request) => checkLink(context, 'confirm', request.body.code));
  r.post('/api/reset/check', { schema: { tags, body: confirmRequest } }, async (request) => checkLink(context, 'reset', request.body.code));

  r.post('/api/users/confirm/password', { schema: { tags, body: setPasswordRequest } }, async (request) => {
    await setPasswordFromLink(context, 'confirm', request.body, request.ip);
    return { success: true };
  });
  r.post('/api/reset', { schema: { tags, body: setPasswordRequest } }, async (request) => {
    await setPasswordFromLink(context, 'reset', request.body, request.ip);
    return { success: true };
  });

  /** Ends an impersonation: back to the admin's own identity with a fresh token. */
  r.post('/api/users/impersonate-reset', { schema: { tags, body: z.object({}).optional() } }, async (request) => {
    const auth = requireAuth(request);
    const adminId = auth.session.impersonator_id;
    if (!adminId) throw badRequest('You are not acting as another user.');
    const [admin] = await context.db.select().from(users).where(eq(users.id, adminId));
    if (!admin || admin.banned || !admin.active) throw badRequest('The original user can no longer sign in.');
    const token = await createSession(context, context.db, { userId: admin.id, ip: request.ip, userAgent: request.headers['user-agent'] });
    await revokeSession(context, auth.session.id);
    const user = await loadUserDto(context, admin);
    return { token, user, location: landingPath(user) };
  });
}
