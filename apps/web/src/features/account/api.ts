import { accountDeletionCalls, updateCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

/** What deleting the account would remove, counted by the server. */
export const getDeletionSummary = (id: number) => call(accountDeletionCalls.getAccountDeletionSummary, { params: { id } });

export const deleteAccount = (id: number, password: string) =>
  call(accountDeletionCalls.deleteAccount, { params: { id }, body: { password } });

export const getVersionStatus = (refresh: boolean) => call(updateCalls.getVersion, { query: { refresh: refresh ? '1' : undefined } });
