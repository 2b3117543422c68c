import { libraryCalls as calls, primaryRole } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { accessUser, requireAccountMember, requireAuth, requireRole } from '../../http/auth.ts';
import { assertMayDesign } from '../../http/permissions.ts';
import { route } from '../../http/route.ts';
import { readUpload } from '../files/index.ts';
import {
  addToLibrary,
  type LibraryOwner,
  listLibrary,
  presentAddedLibraryImage,
  presentLibraryImage,
  removeFromLibrary,
  sortLibrary,
} from './service.ts';

/**
 * The background library and the image (signature) library: everyone signed in picks from them and
 * super-admins upload, delete and reorder (docs/product/super-admin.md#calls, super-admin). The image library also holds each
 * account's own images: its admins and the sub-users with the design right add and remove those.
 */
export function libraryRoutes(app: FastifyInstance, context: AppContext): void {
  const superAdmin = (request: FastifyRequest): LibraryOwner => ({
    accountId: null,
    userId: requireRole(request, ['global_admin']).user.id,
  });

  /** Super-admins change everyone's image library; account members with the design right their account's. */
  const signatureOwner = (request: FastifyRequest): LibraryOwner => {
    if (primaryRole(accessUser(requireAuth(request).user)) === 'global_admin') return superAdmin(request);
    const member = requireAccountMember(request);
    assertMayDesign(member.user);
    return { accountId: member.accountId, userId: member.user.id };
  };

  route(app, calls.listBackgrounds, async () => ({
    backgrounds: (await listLibrary(context, 'background', null)).map(presentLibraryImage),
  }));
  route(app, calls.listSignatures, async (request) => {
    const user = requireAuth(request).user;
    const accountId = primaryRole(accessUser(user)) ? user.account_id : null;
    return { signatures: (await listLibrary(context, 'signature', accountId)).map(presentLibraryImage) };
  });

  route(app, calls.addBackground, async (request) =>
    presentAddedLibraryImage(await addToLibrary(context, 'background', superAdmin(request), await readUpload(request))),
  );
  route(app, calls.addSignature, async (request) =>
    presentAddedLibraryImage(await addToLibrary(context, 'signature', signatureOwner(request), await readUpload(request))),
  );

  route(app, calls.deleteBackground, async (request) => {
    await removeFromLibrary(context, 'background', request.params.id, superAdmin(request));
    return { success: true };
  });
  route(app, calls.deleteSignature, async (request) => {
    await removeFromLibrary(context, 'signature', request.params.id, signatureOwner(request));
    return { success: true };
  });

  for (const [call, kind] of [
    [calls.sortBackgrounds, 'background'],
    [calls.sortSignatures, 'signature'],
  ] as const) {
    route(app, call, async (request) => {
      requireRole(request, ['global_admin']);
      await sortLibrary(context, kind, request.body.sort);
      return { success: true };
    });
  }
}
