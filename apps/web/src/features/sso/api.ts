import { type SsoConfigurationInput, ssoCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

export const SSO_CONFIGURATION_KEY = ['account', 'sso-configuration'] as const;

export const getSsoConfiguration = () => call(ssoCalls.getSsoConfiguration, {});

export const saveSsoConfiguration = (body: SsoConfigurationInput) => call(ssoCalls.saveSsoConfiguration, { body });

/** Where the email's identity provider signs its user in; a refusal is the form's to show, not a session matter. */
export const startSsoLogin = (email: string) => call(ssoCalls.startSsoLogin, { body: { email } }, { quiet401: true });

export const finishSsoHandover = (code: string) => call(ssoCalls.finishSsoHandover, { body: { code } }, { quiet401: true });
