import { type EmailSettingsInput, emailSettingsCalls, type OauthProvider } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

export const EMAIL_SETTINGS_KEY = ['account', 'email-settings'] as const;

export const getEmailSettings = () => call(emailSettingsCalls.getEmailSettings, {});

export const updateEmailSettings = (accountId: number, settings: EmailSettingsInput) =>
  call(emailSettingsCalls.updateEmailSettings, { body: { account_id: accountId, email_settings: settings } });

export const testEmailConnection = (accountId: number) => call(emailSettingsCalls.testEmailConnection, { params: { id: accountId } });

export const startMailboxConnection = (provider: OauthProvider) => call(emailSettingsCalls.startEmailOauth, { params: { provider } });

export const disconnectMailbox = (provider: OauthProvider) =>
  call(provider === 'gmail' ? emailSettingsCalls.disconnectGmail : emailSettingsCalls.disconnectMicrosoft, {});
