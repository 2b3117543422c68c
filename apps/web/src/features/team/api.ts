import { type AccountUserCreate, type AccountUserUpdate, certificateCalls, teamCalls, userCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';
import { teamKeys } from './query-keys.ts';

export const TEAM_KEY = teamKeys.all();

export const listAccountUsers = (accountId: number, page: number, limit: number) =>
  call(teamCalls.listAccountUsers, { params: { id: accountId }, query: { page, limit } });

export const addAccountUser = (user: AccountUserCreate) => call(teamCalls.addAccountUser, { body: { user } });

export const updateAccountUser = (id: number, user: AccountUserUpdate) =>
  call(teamCalls.updateAccountUser, { params: { id }, body: { user } });

export const deleteAccountUser = (id: number) => call(teamCalls.deleteAccountUser, { params: { id } });

export const resendInvitation = (id: number) => call(teamCalls.resendInvitation, { params: { id } });

export const toggleActive = (user_id: number, active: boolean) => call(teamCalls.toggleActive, { body: { user_id, active } });

export const impersonateAccountUser = (id: number) => call(userCalls.impersonateAccountUser, { params: { id } });

export const userProjects = (user_email: string) => call(teamCalls.userProjects, { query: { user_email } });

export const transferProjects = (body: { source_user: number; target_user: number; projects: number[] }) =>
  call(teamCalls.transferProjects, { body });

/** The account's sets for the form's checklist (the plan allows far fewer than a page of 100). */
export const listAccountSets = () => call(certificateCalls.listCertificates, { query: { limit: 100, offset: 0 } });
