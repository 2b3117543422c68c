import type { AccountDetails } from '@laurel/domain';
import type { accounts } from '../../db/schema.ts';
import { presentAccount } from '../users/index.ts';

type AccountRow = typeof accounts.$inferSelect;

/** The account as its members read it: no Stripe ids, promo or registration data, nothing secret. */
export function presentAccountDetails(account: AccountRow, now: Date): AccountDetails {
  return {
    ...presentAccount(account, now),
    subscription_updated: account.subscription_updated?.toISOString() ?? null,
    subscription_in_pending: account.subscription_in_pending,
    help_center_shown: account.help_center_shown,
    noLogin: account.recipients_no_login,
  };
}
