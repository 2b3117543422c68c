import { portalSettingsCalls as calls } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { readUpload } from '../files/index.ts';
import { requirePortalAdmin } from './access.ts';
import { uploadPortalBackground } from './background.ts';
import { readPortalSettings, readPublicPortalSettings, savePortalSettings } from './service.ts';
import { sendSupportEmailCode, validateSupportEmail } from './support-email.ts';

const actorOf = (request: FastifyRequest) => {
  const { user, accountId } = requirePortalAdmin(request);
  return { userId: user.id, accountId, ip: request.ip };
};

/** Portal settings (docs/product/recipient-portal.md#screens, docs/product/recipient-portal.md#calls) and the public read the portal pages draw from (docs/product/recipient-portal.md#calls). */
export function portalSettingsRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getPortalSettings, async (request) => readPortalSettings(context, requirePortalAdmin(request).accountId));

  route(app, calls.savePortalSettings, async (request) => savePortalSettings(context, actorOf(request), request.body.portal_settings));

  // Each code is a message to an address the admin typed: a few per quarter hour are plenty.
  route(app, calls.sendSupportEmailCode, async (request) => sendSupportEmailCode(context, actorOf(request), request.body.email), {
    rateLimit: { max: 5, timeWindow: '15 minutes' },
  });

  route(app, calls.validateSupportEmail, async (request) => validateSupportEmail(context, actorOf(request), request.body.code));

  route(app, calls.uploadPortalBackground, async (request) => uploadPortalBackground(context, actorOf(request), () => readUpload(request)));

  route(app, calls.getPublicPortalSettings, async (request) => readPublicPortalSettings(context, request.query.account_id));
}
