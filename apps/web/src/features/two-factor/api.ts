import { type DisableTwoFactorRequest, twoFactorCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

/** A new authenticator key and its QR code; two-factor turns on once a code from it is confirmed. */
export const startTwoFactor = () => call(twoFactorCalls.startTwoFactor, {});

export const enableTwoFactor = (pin_code: string) => call(twoFactorCalls.enableTwoFactor, { body: { pin_code } });

export const sendDisableTwoFactorCode = () => call(twoFactorCalls.sendDisableTwoFactorCode, {});

export const disableTwoFactor = (body: DisableTwoFactorRequest) => call(twoFactorCalls.disableTwoFactor, { body });

export const setTwoFactorPolicy = (accountId: number, required: boolean) =>
  call(twoFactorCalls.setTwoFactorPolicy, { params: { accountId }, body: { require_two_factor: required } });
