import { styleCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { presentStyle } from './presenter.ts';
import { createStyle, deleteStyle, findStyle, listStyles, previewStyleEmail, sortStyles, updateStyle } from './service.ts';

/** Global templates: every signed-in user reads them; super-admins edit them (/admin/build). */
export function styleRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.listStyles, async () => ({ styles: (await listStyles(context)).map(presentStyle) }));

  route(app, calls.sortStyles, async (request) => {
    await sortStyles(context, requireRole(request, ['global_admin']), request.body.sort, request.ip);
    return { success: true, message: 'Order saved' };
  });

  route(app, calls.getStyle, async (request) => presentStyle(await findStyle(context, request.params.id)));

  route(app, calls.createStyle, async (request) => {
    requireRole(request, ['global_admin']);
    return presentStyle(await createStyle(context, request.body));
  });

  route(app, calls.updateStyle, async (request) => {
    requireRole(request, ['global_admin']);
    return presentStyle(await updateStyle(context, request.params.id, request.body));
  });

  route(app, calls.previewStyleEmail, async (request) =>
    previewStyleEmail(context, requireRole(request, ['global_admin']), request.params.id, request.body),
  );

  route(app, calls.deleteStyle, async (request) => {
    requireRole(request, ['global_admin']);
    await deleteStyle(context, request.params.id);
    return { success: true };
  });
}
