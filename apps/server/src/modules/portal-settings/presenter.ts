import { DEFAULT_PORTAL_SETTINGS, type PortalSettings, type PublicPortalSettings, portalSettings } from '@laurel/domain';
import type { portalSettings as portalSettingsTable } from '../../db/schema.ts';

type Row = typeof portalSettingsTable.$inferSelect;

/**
 * The stored document as the contract's settings: read over the defaults, so a field added later reads
 * as its default; a document that no longer parses reads as the defaults rather than failing the portal.
 * `validated` says whether the address is the one last confirmed by code.
 */
export function presentPortalSettings(row: Row | undefined): PortalSettings {
  if (!row) return DEFAULT_PORTAL_SETTINGS;
  const stored = (row.settings ?? {}) as Partial<PortalSettings>;
  const parsed = portalSettings.safeParse({ ...DEFAULT_PORTAL_SETTINGS, ...stored });
  const settings = parsed.success ? parsed.data : DEFAULT_PORTAL_SETTINGS;
  const email = settings.support_email.email;
  return { ...settings, support_email: { email, validated: email !== '' && email === row.validated_email } };
}

/** What the portal pages may see: the support address only once confirmed. */
export function presentPublicPortalSettings(settings: PortalSettings): PublicPortalSettings {
  const { support_email, ...rest } = settings;
  return { ...rest, support_email: support_email.validated ? support_email.email : null };
}
