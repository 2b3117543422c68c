import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { UPLOAD_MAX_BYTES } from '@laurel/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import type { AppContext } from './context.ts';
import { appConfigFor } from './http/app-config.ts';
import { registerAuth } from './http/auth.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerOpenApi } from './http/openapi.ts';
import { sharedRateLimitStore } from './http/rate-counters.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { refuseNulCharacters } from './http/text-input.ts';
import { registerWeb } from './http/web.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { adminAccountRoutes } from './modules/admin-accounts/routes.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { stripeBillingRoutes } from './modules/billing/stripe-routes.ts';
import { certificateEmailRoutes } from './modules/certificates/email-routes.ts';
import { renderRoutes } from './modules/certificates/render-routes.ts';
import { certificateRoutes } from './modules/certificates/routes.ts';
import { sendSelectRoutes } from './modules/certificates/send-select-routes.ts';
import { credentialRoutes } from './modules/credentials/routes.ts';
import { creditRequestRoutes } from './modules/credits/request-routes.ts';
import { creditRoutes } from './modules/credits/routes.ts';
import { registerTlsListener } from './modules/custom-domains/index.ts';
import { customDomainRoutes } from './modules/custom-domains/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { deliveryV1Routes } from './modules/delivery/public-api-routes.ts';
import { certificatePageRoutes } from './modules/delivery/public-routes.ts';
import { deliveryRoutes } from './modules/delivery/routes.ts';
import { emailSettingsRoutes } from './modules/email-settings/routes.ts';
import { exportRoutes } from './modules/exports/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { fontFileRoutes } from './modules/fonts/font-file-routes.ts';
import { fontRoutes } from './modules/fonts/routes.ts';
import { importRoutes } from './modules/imports/routes.ts';
import { libraryRoutes } from './modules/library/routes.ts';
import { mappingRoutes } from './modules/mappings/routes.ts';
import { openBadgeRoutes } from './modules/open-badges/routes.ts';
import { portalRoutes } from './modules/portal/routes.ts';
import { portalSettingsRoutes } from './modules/portal-settings/routes.ts';
import { preferenceRoutes } from './modules/preferences/routes.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { promoCodeRoutes } from './modules/promo-codes/routes.ts';
import { publicApiRoutes } from './modules/public-api/routes.ts';
import { registrationRoutes } from './modules/registration/routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { stockRoutes } from './modules/stock/routes.ts';
import { storeV1Routes } from './modules/store/public-api-routes.ts';
import { storeRoutes } from './modules/store/routes.ts';
import { styleRoutes } from './modules/styles/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { teamRoutes } from './modules/team/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';

/** Every route module, in one place: a new feature adds its line here. */
const ROUTE_MODULES = [
  systemRoutes,
  authRoutes,
  registrationRoutes,
  userRoutes,
  adminRoutes,
  certificateRoutes,
  styleRoutes,
  fileRoutes,
  libraryRoutes,
  fontRoutes,
  fontFileRoutes,
  renderRoutes,
  certificateEmailRoutes,
  creditRoutes,
  importRoutes,
  dashboardRoutes,
  projectRoutes,
  deliveryRoutes,
  certificatePageRoutes,
  openBadgeRoutes,
  stockRoutes,
  mappingRoutes,
  sendSelectRoutes,
  creditRequestRoutes,
  storeRoutes,
  exportRoutes,
  preferenceRoutes,
  accountRoutes,
  teamRoutes,
  emailSettingsRoutes,
  portalSettingsRoutes,
  billingRoutes,
  stripeBillingRoutes,
  promoCodeRoutes,
  adminAccountRoutes,
  customDomainRoutes,
  registerTlsListener,
  credentialRoutes,
  portalRoutes,
  ssoRoutes,
  apiKeyRoutes,
  publicApiRoutes([deliveryV1Routes, storeV1Routes]),
  webhookRoutes,
];

/**
 * The Fastify instance. `request.ip` is the connection's address unless it is one of the proxies in
 * TRUST_PROXY: only then is X-Forwarded-For believed, so a client cannot pick its own address to get
 * past the per-IP limits.
 */
export function createFastify(env: Pick<Env, 'LOG_LEVEL' | 'TRUST_PROXY'>): FastifyInstance {
  return Fastify({
    logger: { level: env.LOG_LEVEL, redact: ['req.headers.authentication', 'req.headers.authorization'] },
    trustProxy: env.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    // Portal hosts are told apart by the Host header; reject none here, resolve them in registerAuth.
    requestIdHeader: false,
  });
}

/** Builds the HTTP application on a ready context (database open, queue started). */
export async function buildApp(app: FastifyInstance, context: AppContext): Promise<FastifyInstance> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseNulCharacters(app);

  // Before any route: both set themselves up on each route as it is added.
  await registerSecurityHeaders(app, context.env.PUBLIC_URL);
  // Replies of 1 KB and more in a type worth compressing (JSON, HTML, CSV...; mime-db says PDF, PNG,
  // JPEG and zip are not). The web app's files come compressed from the build and are left alone.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await registerOpenApi(app);
  // Counted in the database: a limit holds across every API process (docs/decisions/0049-several-processes.md).
  await app.register(fastifyRateLimit, { global: false, store: sharedRateLimitStore(context.db, context.clock) });
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });

  // RFC 8058 one-click unsubscribe posts a form body; its content is not needed, only the link.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, { form: body }),
  );
  registerAuth(app, context);
  for (const routes of ROUTE_MODULES) routes(app, context);
  await registerWeb(app, { dist: context.env.WEB_DIST, configFor: (request) => appConfigFor(context, request.hostInfo) });
  return app;
}
