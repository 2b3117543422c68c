import {
  announcementCalls,
  appSettingsCalls,
  systemCalls as calls,
  tutorialCalls,
  type UpdateSystemModal,
  updateCalls,
} from '@laurel/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { appConfigFor } from '../../http/app-config.ts';
import { requireAuth, requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
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

export function systemRoutes(app: FastifyInstance, context: AppContext): void {
  // Liveness: the process answers HTTP. Readiness: it also reaches the database (a load balancer takes a
  // process out of rotation on 503 rather than sending it requests that would all answer 503).
  route(app, calls.getHealth, async () => ({ ok: true }));
  route(app, calls.getReadiness, async () => {
    await context.db.execute(sql`select 1`);
    return { ok: true, database: 'up' as const };
  });

  /** What the client needs before anyone signs in: which host it is on and what is configured. */
  route(app, calls.getConfig, async (request) => appConfigFor(context, request.hostInfo));

  /**
   * The system-update announcement (docs/product/super-admin.md#calls): an array whose second item, when present, is the
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
