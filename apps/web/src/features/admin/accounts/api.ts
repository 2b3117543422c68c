import {
  type AccountBalancesUpdate,
  type AccountFilterQuery,
  adminAccountCalls as calls,
  creditCalls,
  planCalls,
  userCalls,
} from '@laurel/domain';
import { call } from '../../../shared/api/call.ts';
import { adminKeys } from '../query-keys.ts';

/** The super-admin's account calls (docs/product/super-admin.md#calls Super-admin). */
export const ACCOUNTS_KEY = adminKeys.accounts();

export const filterAccounts = (query: AccountFilterQuery) => call(calls.filterAccounts, { query });
export const pickAccounts = (like: string) => call(calls.superadminAccounts, { query: { like, limit: 20 } });
export const accountHistory = (id: number, limit: number, offset: number) =>
  call(calls.accountAuditHistory, { params: { id }, query: { limit, offset } });

export const updateBalances = (id: number, body: AccountBalancesUpdate) =>
  call(creditCalls.updateAccountBalances, { params: { id }, body });
export const triggerRefills = () => call(creditCalls.triggerRefills, {});
export const getPlans = () => call(planCalls.getPlans, {});
export const setPlan = (id: number, plan: string | null) => call(planCalls.adminUpdateAccountPlan, { params: { id }, body: { plan } });
export const destroySubscription = (id: number) => call(calls.adminDestroySubscription, { params: { id } });

export const setNotifyDays = (id: number, notify_days: number[]) =>
  call(calls.updateAccountNotifys, { params: { id }, body: { notify_days } });
export const setRecipientsNoLogin = (account_id: number, recipients_no_login: boolean) =>
  call(calls.setRecipientsNoLogin, { body: { account_id, recipients_no_login } });
export const emailAccounts = (account_ids: number[], subject: string, message: string) =>
  call(calls.sendEmailAccounts, { body: { account_ids, subject, message } });
export const resetFreeTrial = (account_id: number) => call(calls.resetFreeTrial, { body: { account_id } });
export const deleteAccount = (account_id: number) => call(calls.adminDeleteAccount, { body: { account_id } });
export const banAccount = (account_id: number, ban: boolean) => call(calls.banAccount, { body: { account_id, ban } });
export const changePassword = (id: number, password: string) => call(calls.adminChangePassword, { params: { id }, body: { password } });
export const confirmUser = (user_id: number) => call(calls.confirmUser, { body: { user_id } });
export const refreshBilling = (account_id: number) => call(calls.updateAccountBillingInformation, { body: { account_id } });
export const impersonate = (id: number) => call(userCalls.impersonateUser, { params: { id } });
