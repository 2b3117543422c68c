import { type CallInput, registrationCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

export const checkAccountUrl = (url: string) => call(registrationCalls.checkAccountUrl, { body: { url } }, { quiet401: true });

export const registerAccount = (body: CallInput<typeof registrationCalls.registerAccount>['body']) =>
  call(registrationCalls.registerAccount, { body }, { quiet401: true });
