import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { requireAccountMember, requireAuth, requireRole } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { impersonate } from './impersonation.ts';
import { loadUserDto } from './presenter.ts';
import { changeEmail, changePassword, PROFILE_MESSAGES, requestEmailChangeCode, updateProfile } from './profile.ts';
import { reviewUrl, setReviewFlag } from './review.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

const profileUpdate = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  password: z.string().max(1024),
});
// Only the flag alone is this shape: a password or name beside it is a mistaken profile update, not a review.
const reviewUpdate = z.strictObject({ review: z.boolean() });
const userUpdate = z.union([profileUpdate, reviewUpdate], {
  error: 'Send first_name, last_name and password to update the profile, or review alone.',
});

/** A user may change only themselves here; another id is a 404. */
function requireSelf(request: FastifyRequest & { params: { id: number } }) {
  const auth = requireAuth(request);
  if (auth.user.id !== request.params.id) throw notFound();
  return auth;
}

export function userRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.put(
    '/api/users/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: userUpdate,
      },
    },
    async (request) => {
      const auth = requireSelf(request);
      const body = request.body;
      if ('review' in body) {
        await setReviewFlag(context, auth, body.review);
        return { success: true, review: body.review };
      }
      await updateProfile(context, auth, body);
      return { success: true, message: 'Success: Your account details have been updated.' };
    },
  );

  // Spec 3 §7 names it under accounts; it lives here beside the review flag it goes with.
  r.post('/api/accounts/g2-review-uri', { schema: { tags } }, async (request) => {
    requireAccountMember(request);
    return reviewUrl(context);
  });

  r.post(
    '/api/users/:id/update-password',
    { schema: { tags, params: idParams, body: z.object({ oldPassword: z.string().max(1024), newPassword: z.string().max(1024) }) } },
    async (request) => {
      const auth = requireSelf(request);
      await changePassword(context, auth, request.body, request.ip);
      return { success: true, message: PROFILE_MESSAGES.passwordUpdated };
    },
  );

  r.post('/api/users/:id/request-email-confirmation-code', { schema: { tags, params: idParams } }, async (request) => {
    await requestEmailChangeCode(context, requireSelf(request));
    return { success: true };
  });

  r.post(
    '/api/users/:id/update-email',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({ new_email: z.string().trim().max(254), email_confirmation_code: z.string().max(20) }),
      },
    },
    async (request) => {
      const auth = requireSelf(request);
      await changeEmail(context, auth, request.body, request.ip);
      const [fresh] = await context.db.select().from(users).where(eq(users.id, auth.user.id));
      return { success: true, message: PROFILE_MESSAGES.emailChanged, user: await loadUserDto(context, fresh!) };
    },
  );

  r.post('/api/users/:id/impersonate', { schema: { tags, params: idParams } }, async (request) =>
    impersonate(context, requireRole(request, ['global_admin']), request.params.id, 'any', request.ip),
  );

  r.post('/api/users/:id/account-user-impersonate', { schema: { tags, params: idParams } }, async (request) =>
    impersonate(context, requireRole(request, ['account_admin']), request.params.id, 'own-account', request.ip),
  );
}
