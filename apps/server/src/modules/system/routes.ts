import { systemCalls as calls, tutorialCalls, type UpdateSystemModal, updateCalls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAuth, requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { latestUnseenAnnouncement, markAnnouncementsSeen } from './announcements.ts';
import { readTutorialVideos, saveTutorialVideos } from './tutorials.ts';
import { versionStatus } from './version.ts';

export function systemRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getHealth, async () => ({ ok: true }));

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
    pub_key: null,
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
}
