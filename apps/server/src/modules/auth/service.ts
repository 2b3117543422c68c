import { type LoginResponse, landingPath, MESSAGES, normalizeEmail } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { AppError, forbidden, unauthorized } from '../../http/errors.ts';
import { audit } from '../system/index.ts';
import { loadUserDto } from '../users/index.ts';
import { assertNotThrottled, clearFailures, recordFailure } from './attempts.ts';
import { verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  userAgent?: string;
}

/** Signs a user in: throttling, password check, account state, then a fresh session token. */
export async function login(context: AppContext, input: LoginInput): Promise<LoginResponse> {
  const email = normalizeEmail(input.email);
  await assertNotThrottled(context, email, input.ip);
  const [user] = await context.db.select().from(users).where(eq(users.email, email));
  const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !passwordOk) {
    await recordFailure(context, email, input.ip);
    if (user && !user.confirmed_at && !user.password_hash) {
      throw forbidden(MESSAGES.notConfirmed, { error_type: 'not_confirmed' });
    }
    throw unauthorized(MESSAGES.wrongCredentials, { error_type: 'wrong_password' });
  }
  if (user.banned) throw forbidden(MESSAGES.banned, { error_type: 'user_is_banned' });
  if (!user.active)
    throw forbidden('This user has been deactivated. Please contact your account administrator.', { error_type: 'inactive' });
  if (!user.confirmed_at) throw forbidden(MESSAGES.notConfirmed, { error_type: 'not_confirmed' });

  await clearFailures(context, email);
  const token = await context.db.transaction(async (tx) => {
    await tx.update(users).set({ last_login_at: context.clock.now() }).where(eq(users.id, user.id));
    return createSession(context, tx, { userId: user.id, ip: input.ip, userAgent: input.userAgent });
  });
  await audit(context, { action: 'auth.login', userId: user.id, accountId: user.account_id, ip: input.ip });
  const dto = await loadUserDto(context, user);
  return { token, require_action: null, user: dto, location: landingPath(dto) };
}

export function assertCsrf(valid: boolean): void {
  if (!valid) throw new AppError(400, MESSAGES.csrf, { error_type: 'csrf' });
}
