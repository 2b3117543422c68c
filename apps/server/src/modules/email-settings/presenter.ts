import type { EmailSettingsReply, SmtpSecurity, SmtpType } from '@laurel/domain';
import type { AppContext } from '../../context.ts';
import type { accountEmailSettings } from '../../db/schema.ts';
import { providerConfigured } from './providers.ts';

export type EmailSettingsRow = typeof accountEmailSettings.$inferSelect;

const SMTP_TYPE_OF_MODE: Record<string, SmtpType> = { custom_smtp: 'smtp', gmail: 'gmailOauth', microsoft365: 'microsoft365' };

/** The settings as the spec's client reads them; secrets become `has_password`, refresh tokens the mailbox's address. */
export function presentEmailSettings(context: AppContext, row: EmailSettingsRow | null): EmailSettingsReply {
  const security = (row?.security ?? 'starttls') as SmtpSecurity;
  return {
    email_settings: {
      custom_smtp: !!row && row.mode !== 'product',
      smtp_type: SMTP_TYPE_OF_MODE[row?.mode ?? ''] ?? 'smtp',
      host: row?.host ?? '',
      port: row?.port ?? null,
      security,
      use_secure: security !== 'none',
      use_auth: row?.use_auth ?? true,
      username: row?.username ?? '',
      has_password: !!row?.password_encrypted,
      sender_email: row?.sender_email ?? '',
      name: row?.sender_name ?? '',
      footer: row?.footer ?? '',
      verified: !!row?.verified_at,
      verified_at: row?.verified_at?.toISOString() ?? null,
    },
    google_user: row?.google_email && row.google_refresh_token ? { email: row.google_email } : null,
    microsoft_user: row?.microsoft_email && row.microsoft_refresh_token ? { email: row.microsoft_email } : null,
    oauth_providers: { gmail: providerConfigured(context.env, 'gmail'), microsoft365: providerConfigured(context.env, 'microsoft365') },
  };
}
