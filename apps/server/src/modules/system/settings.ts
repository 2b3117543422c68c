import {
  APP_SETTING_DEFAULTS,
  APP_SETTING_KEYS,
  type AppSettingsValues,
  appSettingsShape,
  LEGAL_PAGE_SETTING,
  type LegalPage,
  type LegalPageName,
} from '@laurel/domain';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { audit } from './audit.ts';
import { sanitizeRichText } from './rich-text.ts';

/** Every setting of the typed list, each from its row or its default when never saved or no longer readable. */
export async function readAppSettings(context: AppContext): Promise<AppSettingsValues> {
  const rows = await context.db.select().from(appSettings).where(inArray(appSettings.key, APP_SETTING_KEYS));
  const values: Record<string, unknown> = { ...APP_SETTING_DEFAULTS };
  for (const row of rows) {
    const key = row.key as keyof AppSettingsValues;
    if (appSettingsShape.shape[key].safeParse(row.value).success) values[key] = row.value;
  }
  return values as AppSettingsValues;
}

/** Saves the settings named, legal texts sanitised; each one that changed is audited (without the texts). */
export async function updateAppSettings(
  context: AppContext,
  input: Partial<AppSettingsValues>,
  actor: { id: number; ip: string },
): Promise<AppSettingsValues> {
  const before = await readAppSettings(context);
  const next: Partial<AppSettingsValues> = { ...input };
  if (input.privacy_policy !== undefined) next.privacy_policy = sanitizeRichText(input.privacy_policy);
  if (input.terms_of_service !== undefined) next.terms_of_service = sanitizeRichText(input.terms_of_service);
  const now = context.clock.now();
  const changed = (Object.keys(next) as (keyof AppSettingsValues)[]).filter((key) => next[key] !== before[key]);
  await context.db.transaction(async (tx) => {
    for (const key of changed) {
      const value = next[key]!;
      await tx
        .insert(appSettings)
        .values({ key, value, updated_at: now })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updated_at: now } });
      const details = typeof value === 'boolean' ? { from: before[key], to: value } : { length: String(value).length };
      await audit(context, { action: `settings.${key}`, userId: actor.id, ip: actor.ip, details }, tx as unknown as Db);
    }
  });
  return { ...before, ...next };
}

/** A legal page's text as the operator wrote it, or null for the default. */
export async function readLegalPage(context: AppContext, page: LegalPageName): Promise<LegalPage> {
  const [row] = await context.db.select().from(appSettings).where(eq(appSettings.key, LEGAL_PAGE_SETTING[page]));
  const content = typeof row?.value === 'string' && row.value.trim() ? row.value : null;
  return { content, updated_at: content ? row!.updated_at.toISOString() : null };
}
