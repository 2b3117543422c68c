import { portalSettingsCalls as calls, type PortalSettingsUpdate } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

export const PORTAL_SETTINGS_KEY = ['portal-settings'] as const;
export const portalLookKey = (accountId: number | null) => ['portal-look', accountId] as const;

export const getPortalSettings = () => call(calls.getPortalSettings, {});

export const savePortalSettings = (portal_settings: PortalSettingsUpdate) => call(calls.savePortalSettings, { body: { portal_settings } });

export const sendSupportEmailCode = (email: string) => call(calls.sendSupportEmailCode, { body: { email } });

export const validateSupportEmail = (code: string) => call(calls.validateSupportEmail, { body: { code } });

export function uploadPortalBackground(file: File) {
  const form = new FormData();
  form.append('file', file);
  return call(calls.uploadPortalBackground, { query: { background: '1' }, form });
}

export const getPublicPortalSettings = (accountId: number) => call(calls.getPublicPortalSettings, { query: { account_id: accountId } });
