import { libraryCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { readUpload } from '../files/index.ts';
import {
  addToLibrary,
  type LibraryKind,
  listLibrary,
  presentAddedLibraryImage,
  presentLibraryImage,
  removeFromLibrary,
  sortLibrary,
} from './service.ts';

/**
 * The background library and the image (signature) library: everyone signed in picks from them,
 * super-admins upload, delete and reorder (spec 3 §7, super-admin).
 */
export function libraryRoutes(app: FastifyInstance, context: AppContext): void {
  const list = async (kind: LibraryKind) => (await listLibrary(context, kind)).map(presentLibraryImage);

  route(app, calls.listBackgrounds, async () => ({ backgrounds: await list('background') }));
  route(app, calls.listSignatures, async () => ({ signatures: await list('signature') }));

  for (const [call, kind] of [
    [calls.addBackground, 'background'],
    [calls.addSignature, 'signature'],
  ] as const) {
    route(app, call, async (request) => {
      const auth = requireRole(request, ['global_admin']);
      return presentAddedLibraryImage(await addToLibrary(context, kind, auth.user.id, await readUpload(request)));
    });
  }

  for (const [call, kind] of [
    [calls.deleteBackground, 'background'],
    [calls.deleteSignature, 'signature'],
  ] as const) {
    route(app, call, async (request) => {
      requireRole(request, ['global_admin']);
      await removeFromLibrary(context, kind, request.params.id);
      return { success: true };
    });
  }

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
