import {
  DEFAULT_PORTAL_SETTINGS,
  featureAllowed,
  PORTAL_SETTINGS_MESSAGES as M,
  normalizePortalSettings,
  type PortalSettingsUpdate,
  portalSettingsProblems,
} from '@laurel/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { portalSettings, storedFiles } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { audit } from '../system/index.ts';
import { customisableAccount, loadAccount } from './access.ts';
import { presentPortalSettings, presentPublicPortalSettings } from './presenter.ts';

async function settingsRow(context: AppContext, accountId: number) {
  const [row] = await context.db.select().from(portalSettings).where(eq(portalSettings.account_id, accountId));
  return row;
}

/** The admin's view: the saved settings, and whether the plan lets them change them. */
export async function readPortalSettings(context: AppContext, accountId: number) {
  const account = await loadAccount(context, accountId);
  return {
    portal_settings: presentPortalSettings(await settingsRow(context, accountId)),
    customisable: featureAllowed(account, 'portal_customisation', context.clock.now()),
  };
}

/**
 * The portal's view (docs/product/recipient-portal.md#calls): the saved look while the plan includes portal customisation, the
 * defaults otherwise, so a downgraded account's portal falls back without losing what was chosen.
 */
export async function readPublicPortalSettings(context: AppContext, accountId: number) {
  const account = await loadAccount(context, accountId);
  const settings = featureAllowed(account, 'portal_customisation', context.clock.now())
    ? presentPortalSettings(await settingsRow(context, accountId))
    : DEFAULT_PORTAL_SETTINGS;
  return { portal_settings: presentPublicPortalSettings(settings) };
}

/**
 * Saves the settings after the rules of docs/product/recipient-portal.md#rules-and-limits: every field checked (the first problem is refused,
 * naming its field), the background one of this account's uploads, and a support email only once its
 * emailed code was entered ('Please fix errors, and try again.').
 */
export async function savePortalSettings(
  context: AppContext,
  actor: { userId: number; accountId: number; ip: string },
  input: PortalSettingsUpdate,
) {
  const { accountId } = actor;
  await customisableAccount(context, accountId);
  const settings = normalizePortalSettings(input);
  const [problem] = portalSettingsProblems(settings);
  if (problem) throw badRequest(problem.message, { error_type: 'invalid', field: problem.field });
  if (settings.background.image && !(await ownsBackground(context, accountId, settings.background.image)))
    throw badRequest(M.invalidImage, { error_type: 'invalid', field: 'background.image' });
  const row = await settingsRow(context, accountId);
  const email = settings.support_email.email;
  if (email && email !== row?.validated_email)
    throw badRequest(M.fixErrors, {
      error_type: 'email_not_validated',
      field: 'support_email.email',
      errors: [M.fixErrors, M.emailNotValidated],
    });
  const now = context.clock.now();
  const stored = { ...settings, support_email: { email, validated: false } };
  await context.db.transaction(async (tx) => {
    await tx
      .insert(portalSettings)
      .values({ account_id: accountId, settings: stored, updated_at: now })
      .onConflictDoUpdate({ target: portalSettings.account_id, set: { settings: stored, updated_at: now } });
    await audit(context, { action: 'portal_settings.saved', userId: actor.userId, accountId, ip: actor.ip }, tx);
  });
  return { success: true, message: M.saved, portal_settings: presentPortalSettings(await settingsRow(context, accountId)) };
}

/** The image must be a background this account uploaded: another tenant's file or an outside address is refused. */
async function ownsBackground(context: AppContext, accountId: number, imagepath: string): Promise<boolean> {
  const key = imagepath.slice('/api/files/'.length);
  const [file] = await context.db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(eq(storedFiles.key, key), eq(storedFiles.account_id, accountId), eq(storedFiles.kind, 'background')));
  return !!file;
}
