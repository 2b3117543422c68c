import { openBadgeCalls as calls, OPEN_BADGES_MESSAGES } from '@laurel/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { forbidden } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { credentialForToken } from '../delivery/index.ts';
import { contentDisposition } from '../files/index.ts';
import { achievementImage } from './achievement-image.ts';
import { issuerDocument, issuerStatusList } from './documents.ts';
import { rotateIssuerKey } from './issuer.ts';
import { readVerifyFile, verifyCredentialFile } from './verify-file.ts';

/**
 * Public documents a verifier anywhere reads (any origin may fetch them: verifiers run in browsers too),
 * and the admin's key rotation.
 */
const publicJson = (reply: FastifyReply, type: string, document: unknown, cache: string) =>
  reply
    .type(type)
    .header('access-control-allow-origin', '*')
    .header('cache-control', cache)
    .send(JSON.stringify(document, null, 2));

export function openBadgeRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getCertificateCredential, async (request, reply) => {
    const { credential, fileName } = await credentialForToken(context, request.params.token);
    reply.header('content-disposition', contentDisposition('attachment', fileName));
    return publicJson(reply, 'application/ld+json', credential, 'public, max-age=3600');
  });

  route(app, calls.getIssuerDidDocument, async (request, reply) =>
    publicJson(reply, 'application/did+ld+json', await issuerDocument(context, request.params.issuerId), 'public, max-age=300'),
  );

  // Verifiers fetch it on every check: it is asked for afresh, so a revocation counts at once.
  route(app, calls.getIssuerStatusList, async (request, reply) =>
    publicJson(reply, 'application/ld+json', await issuerStatusList(context, request.params.issuerId, request.params.list), 'no-cache'),
  );

  // One image per set, the same for all its credentials: wallets fetch it often, and it changes only with the design.
  route(app, calls.getAchievementImage, async (request, reply) =>
    reply
      .type('image/png')
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'public, max-age=86400')
      .send(await achievementImage(context, request.params.issuerId, request.params.achievementId)),
  );

  route(app, calls.verifyCredentialFile, async (request) => verifyCredentialFile(context, await readVerifyFile(request)), {
    // As the verify page's search by number: a file can be checked, not tried a thousand times a minute.
    rateLimit: { max: 10, timeWindow: '1 minute' },
  });

  route(app, calls.rotateOpenBadgeKey, async (request) => {
    const { user } = requireRole(request, ['account_admin']);
    if (user.account_id === null) throw forbidden();
    const { keyId } = await rotateIssuerKey(context, user.account_id);
    return { success: true, message: OPEN_BADGES_MESSAGES.keyRotated, key_id: keyId };
  });
}
