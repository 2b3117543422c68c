import { randomBytes } from 'node:crypto';
import { isValidEmail, normalizeEmail } from '@laurel/domain';
import { arrayContains } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import { users } from './db/schema.ts';
import { hashPassword, serverPasswordProblem } from './modules/auth/index.ts';

/**
 * Creates the first super-admin when there is none: from ADMIN_EMAIL/ADMIN_PASSWORD, or with a
 * generated password printed once to the console.
 */
export async function ensureSuperAdmin(context: AppContext): Promise<void> {
  const [existing] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(arrayContains(users.roles, ['global_admin']))
    .limit(1);
  if (existing) return;
  const email = normalizeEmail(context.env.ADMIN_EMAIL ?? 'admin@laurel.localhost');
  if (!isValidEmail(email)) throw new Error(`ADMIN_EMAIL is not a valid email address: ${email}`);
  const generated = !context.env.ADMIN_PASSWORD;
  const password = context.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  const problem = await serverPasswordProblem(password);
  if (problem) throw new Error(`ADMIN_PASSWORD is refused: ${problem}`);
  const now = context.clock.now();
  await context.db
    .insert(users)
    .values({
      email,
      username: email,
      first_name: 'Laurel',
      last_name: 'Administrator',
      roles: ['global_admin'],
      password_hash: await hashPassword(password),
      confirmed_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflictDoNothing();
  if (generated) {
    // Printed once, on the first start only: the console is the one place it appears.
    console.log(`\n  First super-admin created.\n  Email:    ${email}\n  Password: ${password}\n  Change it after signing in.\n`);
  } else {
    context.log.info({ email }, 'first super-admin created from ADMIN_EMAIL');
  }
}
