import { ADMIN_ACCOUNT_MESSAGES } from '@laurel/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { audit } from '../system/index.ts';
import { setAccountPlan } from './plan-grants.ts';
import { stripeFor } from './stripe-client.ts';
import { currentSubscription, syncCustomer } from './sync.ts';

/** A super-admin acting on someone's billing: who and from where, for the audit log. */
export interface AdminActor {
  id: number;
  ip: string;
}

async function liveAccount(context: AppContext, accountId: number) {
  const [account] = await context.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), isNull(accounts.deleted_at)));
  if (!account) throw notFound();
  return account;
}

/**
 * `update-account-billing-information`: reads the account's plan back from Stripe, as a webhook would.
 * Without Stripe there is nothing to read, and the reply says why rather than pretending it worked.
 */
export async function refreshAccountBilling(context: AppContext, actor: AdminActor, accountId: number): Promise<void> {
  const account = await liveAccount(context, accountId);
  const stripe = stripeFor(context);
  if (!stripe) throw badRequest(ADMIN_ACCOUNT_MESSAGES.billingNotConfigured, { error_type: 'no_payments' });
  if (!account.stripe_id) throw badRequest(ADMIN_ACCOUNT_MESSAGES.billingNoCustomer, { error_type: 'no_customer' });
  // Stripe is read first; the account and the audit row are then written in one short transaction.
  await syncCustomer(context, stripe, account.stripe_id, (tx) =>
    audit(context, { action: 'billing.admin_refreshed', accountId, actorId: actor.id, ip: actor.ip }, tx),
  );
}

/**
 * `admin-destroy-subscription`: with Stripe and a Stripe subscription, cancelled there and read back;
 * otherwise the manual provider's cancel (the plan goes, the month's credits stay until its period ends).
 */
export async function destroyAccountSubscription(context: AppContext, actor: AdminActor, accountId: number): Promise<void> {
  const account = await liveAccount(context, accountId);
  const stripe = stripeFor(context);
  if (stripe && account.stripe_id) {
    const subscription = await currentSubscription(stripe, account.stripe_id);
    if (!subscription) throw badRequest(ADMIN_ACCOUNT_MESSAGES.noSubscription);
    await stripe.subscriptions.cancel(subscription.id);
    await syncCustomer(context, stripe, account.stripe_id, (tx) =>
      audit(
        context,
        {
          action: 'billing.admin_subscription_cancelled',
          accountId,
          actorId: actor.id,
          ip: actor.ip,
          details: { subscription: subscription.id },
        },
        tx,
      ),
    );
    return;
  }
  if (!account.stripe_active) throw badRequest(ADMIN_ACCOUNT_MESSAGES.noSubscription);
  await setAccountPlan(context, actor, accountId, null);
}
