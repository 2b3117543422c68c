import {
  announcementCalls,
  appSettingsCalls,
  systemCalls as calls,
  catalogueReply,
  PLAN_IDS,
  tutorialCalls,
  type UpdateSystemModal,
  updateCalls,
} from '@laurel/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAuth, requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { socialSignInOptions } from '../sso/index.ts';
import {
  deleteAnnouncement,
  latestUnseenAnnouncement,
  listAnnouncements,
  markAnnouncementsSeen,
  saveAnnouncement,
} from './announcements.ts';
import { readAppSettings, readLegalPage, updateAppSettings } from './settings.ts';
import { readTutorialVideos, saveTutorialVideos } from './tutorials.ts';
import { versionStatus } from './version.ts';

/**
 * The spec's Config fields (spec 1 §3). `basic_plan` is the entry plan and `prem_plan` the top one; no
 * yearly plans are sold, so their ids are null. The publishable key is read only when card payments are on.
 */
function billingConfig(context: AppContext) {
  const stripe = !!context.env.STRIPE_SECRET_KEY;
  const publishable = (context.env as { STRIPE_PUBLISHABLE_KEY?: string }).STRIPE_PUBLISHABLE_KEY;
  return {
    pub_key: stripe && publishable ? publishable : null,
    basic_plan: PLAN_IDS[0],
    prem_plan: PLAN_IDS[PLAN_IDS.length - 1]!,
    basic_plan_yearly: null,
    prem_plan_yearly: null,
    billing: { provider: stripe ? ('stripe' as const) : ('manual' as const) },
  };
}

export function systemRoutes(app: FastifyInstance, context: AppContext): void {
  // Liveness: the process answers HTTP. Readiness: it also reaches the database (a load balancer takes a
  // process out of rotation on 503 rather than sending it requests that would all answer 503).
  route(app, calls.getHealth, async () => ({ ok: true }));
  route(app, calls.getReadiness, async () => {
    await context.db.execute(sql`select 1`);
    return { ok: true, database: 'up' as const };
  });

  /** What the client needs before anyone signs in: which host it is on and what is configured. */
  route(app, calls.getConfig, async (request) => ({
    base_domain: context.env.BASE_DOMAIN,
    public_url: context.env.PUBLIC_URL,
    host: {
      on_portal_host: request.hostInfo.onPortalHost,
      credentials_portal: request.hostInfo.credentialsPortal,
      account: request.hostInfo.account,
    },
    payments_enabled: !!context.env.STRIPE_SECRET_KEY,
    reviews_enabled: !!context.env.REVIEW_URL,
    ...billingConfig(context),
    catalogue: catalogueReply(),
    social_sign_in: socialSignInOptions(context.env),
  }));

  /**
   * The system-update announcement (spec 1 §7): an array whose second item, when present, is the
   * newest active announcement the user has not dismissed yet.
   */
  route(app, calls.getUpdateSystemModal, async (request): Promise<UpdateSystemModal> => {
    if (!request.auth) return [];
    const latest = await latestUnseenAnnouncement(context, request.auth.user);
    return latest ? [null, latest] : [];
  });

  route(app, calls.markUpdateSystemSeen, async (request) => {
    await markAnnouncementsSeen(context, requireAuth(request).user.id);
    return { success: true };
  });

  route(app, updateCalls.getVersion, async (request) => {
    requireRole(request, ['global_admin', 'account_admin']);
    return versionStatus(context, request.query.refresh);
  });

  route(app, tutorialCalls.getTutorialVideos, async (request) => {
    requireAuth(request);
    return readTutorialVideos(context);
  });

  route(app, tutorialCalls.setTutorialVideos, async (request) => {
    const auth = requireRole(request, ['global_admin']);
    return saveTutorialVideos(context, request.body, { id: auth.user.id, ip: request.ip });
  });

  route(app, announcementCalls.listAnnouncements, async (request) => {
    requireRole(request, ['global_admin']);
    return { announcements: await listAnnouncements(context) };
  });

  route(app, announcementCalls.saveAnnouncement, async (request) => {
    const auth = requireRole(request, ['global_admin']);
    return saveAnnouncement(context, request.body, { id: auth.user.id, ip: request.ip });
  });

  route(app, announcementCalls.deleteAnnouncement, async (request) => {
    const auth = requireRole(request, ['global_admin']);
    await deleteAnnouncement(context, request.params.id, { id: auth.user.id, ip: request.ip });
    return { success: true, message: 'Record deleted' };
  });

  /** The dashboard and the builder show it inline; dismissing it goes through `markUpdateSystemSeen`. */
  route(app, announcementCalls.getActiveAnnouncement, async (request) => ({
    announcement: await latestUnseenAnnouncement(context, requireAuth(request).user),
  }));

  route(app, appSettingsCalls.getAppSettings, async (request) => {
    requireRole(request, ['global_admin']);
    return readAppSettings(context);
  });

  route(app, appSettingsCalls.updateAppSettings, async (request) => {
    const auth = requireRole(request, ['global_admin']);
    return updateAppSettings(context, request.body, { id: auth.user.id, ip: request.ip });
  });

  route(app, appSettingsCalls.getLegalPage, async (request) => readLegalPage(context, request.params.page));
}
