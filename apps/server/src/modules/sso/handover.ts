import { type LoginResponse, landingPath, SSO_MESSAGES as M, SSO_HANDOVER_FRAGMENT } from '@laurel/domain';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { ssoHandovers, users } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { hashToken, randomToken } from '../../secrets.ts';
import { createSession, type UserRow } from '../auth/index.ts';
import { audit } from '../system/index.ts';
import { loadUserDto } from '../users/index.ts';

/** Long enough for the browser to load the app and ask; the code is good once. */
const HANDOVER_TTL_MS = 60_000;

export type SignInMethod = 'saml' | 'google' | 'azure' | 'linkedin';

/**
 * A finished outside sign-in, waiting for the app: answers the address to send the browser to, with
 * a one-time code in the fragment (never sent to a server, never in a Referer). No session exists
 * until the app exchanges the code, so a lost redirect leaves nothing usable behind.
 */
export async function handOver(
  context: AppContext,
  userId: number,
  method: SignInMethod,
  origin = context.env.PUBLIC_URL,
  path = '/login',
): Promise<string> {
  const code = randomToken();
  const now = context.clock.now();
  await context.db.delete(ssoHandovers).where(lt(ssoHandovers.expires_at, now));
  await context.db
    .insert(ssoHandovers)
    .values({ code_hash: hashToken(code), user_id: userId, method, expires_at: new Date(now.getTime() + HANDOVER_TTL_MS) });
  return `${origin}${path}#${SSO_HANDOVER_FRAGMENT}=${code}`;
}

/** The sign-in the code stands for, as a password sign-in ends: a fresh session, the user and where to land. */
export async function exchangeHandover(
  context: AppContext,
  code: string,
  client: { ip: string; userAgent?: string },
): Promise<LoginResponse> {
  const [handover] = await context.db
    .delete(ssoHandovers)
    .where(and(eq(ssoHandovers.code_hash, hashToken(code)), gt(ssoHandovers.expires_at, context.clock.now())))
    .returning();
  if (!handover) throw badRequest(M.handoverInvalid, { error_type: 'sso_handover' });
  const [user] = await context.db.select().from(users).where(eq(users.id, handover.user_id));
  if (!user || user.banned || !user.active) throw badRequest(M.handoverInvalid, { error_type: 'sso_handover' });
  return startSession(context, user, handover.method, client);
}

async function startSession(
  context: AppContext,
  user: UserRow,
  method: string,
  client: { ip: string; userAgent?: string },
): Promise<LoginResponse> {
  const token = await context.db.transaction(async (tx) => {
    await tx.update(users).set({ last_login_at: context.clock.now() }).where(eq(users.id, user.id));
    return createSession(context, tx, { userId: user.id, ip: client.ip, userAgent: client.userAgent });
  });
  await audit(context, { action: 'auth.login', userId: user.id, accountId: user.account_id, ip: client.ip, details: { method } });
  const dto = await loadUserDto(context, user);
  return { token, require_action: null, user: dto, location: landingPath(dto), first_sign_in: user.last_login_at === null };
}
