import {
  accountNameProblem,
  accountUrlProblem,
  isValidEmail,
  MESSAGES,
  normalizeEmail,
  type RegistrationRequest,
  type RegistrationResponse,
  type UrlAvailability,
} from '@laurel/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, users } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { confirmAccountMail } from '../../mail/account-emails.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { UserRow } from '../auth/index.ts';
import { issueCode } from '../auth/index.ts';
import { refillAccount } from '../credits/index.ts';
import { redeemAtRegistration } from '../promo-codes/index.ts';
import { audit } from '../system/index.ts';
import { checkPromoCode } from './promo.ts';

const required = (field: string, message: string) => badRequest(message, { error_type: 'required', field });

export async function isAccountUrlTaken(context: AppContext, url: string): Promise<boolean> {
  const [row] = await context.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.url, url));
  return !!row;
}

/** Whether an account URL can be used: its rules first, then whether an account has it. */
export async function accountUrlAvailability(context: AppContext, url: string): Promise<UrlAvailability> {
  const problem = accountUrlProblem(url);
  const taken = problem !== null || (await isAccountUrlTaken(context, url));
  return { taken, problem };
}

/** Field rules of both registration steps, with the field named so the client can mark it. */
async function validate(context: AppContext, input: RegistrationRequest): Promise<void> {
  if (!input.first_name) throw required('first_name', 'First name is required.');
  if (!input.last_name) throw required('last_name', 'Last name is required.');
  if (!input.email) throw required('email', 'Email is required.');
  if (!isValidEmail(input.email)) throw required('email', MESSAGES.invalidEmail);
  if (!input.account_name) throw required('account_name', 'Account name is required.');
  const nameProblem = accountNameProblem(input.account_name);
  if (nameProblem) throw required('account_name', nameProblem);
  if (!input.url) throw required('url', 'Account URL is required.');
  const urlProblem = accountUrlProblem(input.url);
  if (urlProblem) throw required('url', urlProblem);
  if (await isAccountUrlTaken(context, input.url)) throw required('url', 'This account URL is already taken.');
}

/**
 * Creates the account and its admin, and mails the confirmation link, in one transaction. A
 * signed-in user without roles (a recipient) becomes the admin of the new account at once.
 */
export async function register(
  context: AppContext,
  input: RegistrationRequest,
  signedIn: UserRow | null,
  ip: string,
): Promise<RegistrationResponse> {
  const upgrading = signedIn && signedIn.roles.length === 0 ? signedIn : null;
  const email = upgrading ? upgrading.email : normalizeEmail(input.email);
  await validate(context, { ...input, email });

  const [existing] = await context.db.select().from(users).where(eq(users.email, email));
  if (existing?.banned)
    throw new AppError(403, 'This email address cannot be used to register. Please contact our support.', { error_type: 'error' });
  if (existing && existing.id !== upgrading?.id) throw badRequest(MESSAGES.userExists, { error_type: 'user_exist' });

  // Checked here for a clear answer before anything is written; checked again, counted and granted under
  // the code's row lock in the transaction below.
  if (input.promo_code) {
    const promo = await checkPromoCode(context, input.promo_code, ['default', 'first-time-registering', 'percentage']);
    if (!promo.success) throw required('promo_code', promo.message);
  }

  const now = context.clock.now();
  try {
    await context.db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          name: input.account_name,
          url: input.url,
          category: input.category,
          opt_in: input.opt_in,
          promo_code: input.promo_code ? input.promo_code.toUpperCase() : null,
          registration_source: input.registration_source ?? null,
          trial_started_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning();
      // The free plan's first month, under the reference the monthly refill gives period 0.
      await refillAccount(tx, account!.id, now, { stripeConfigured: !!context.env.STRIPE_SECRET_KEY });
      if (input.promo_code) await redeemAtRegistration(context, tx, input.promo_code, account!.id);
      if (upgrading) {
        await tx
          .update(users)
          .set({
            account_id: account!.id,
            roles: ['account_admin'],
            first_name: input.first_name,
            last_name: input.last_name,
            ...(input.accept_terms && { terms_accepted_at: now }),
            updated_at: now,
          })
          .where(and(eq(users.id, upgrading.id), isNull(users.account_id)));
        await audit(context, { action: 'account.registered', userId: upgrading.id, accountId: account!.id, ip }, tx);
        return;
      }
      const [user] = await tx
        .insert(users)
        .values({
          account_id: account!.id,
          email,
          username: email,
          first_name: input.first_name,
          last_name: input.last_name,
          roles: ['account_admin'],
          opt_in: input.opt_in,
          terms_accepted_at: input.accept_terms ? now : null,
          created_at: now,
          updated_at: now,
        })
        .returning();
      const code = await issueCode(context, tx, user!.id, 'confirm');
      const url = `${context.env.PUBLIC_URL}/user/confirm/${code}`;
      await queueMail(context, tx, {
        ...confirmAccountMail({ firstName: input.first_name, accountName: input.account_name, url }),
        to: email,
        accountId: account!.id,
      });
      await audit(context, { action: 'account.registered', userId: user!.id, accountId: account!.id, ip }, tx);
    });
  } catch (error) {
    // Two registrations raced for the same address or URL: the unique index decided.
    if ((error as { code?: string }).code === '23505' || /unique/i.test(String((error as Error).message))) {
      const detail = String((error as Error).message);
      if (detail.includes('users_email')) throw badRequest(MESSAGES.userExists, { error_type: 'user_exist' });
      throw required('url', 'This account URL is already taken.');
    }
    throw error;
  }
  return { success: true, email, location: upgrading ? '/dashboard' : '/register/success' };
}
