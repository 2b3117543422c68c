import { mappingCalls as calls, MAPPING_MESSAGES } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { presentMapping } from './presenter.ts';
import { deleteMapping, listAccountMappings, listGlobalMappings, listMappings, saveMapping, updateMapping } from './service.ts';

const ISSUERS = ['global_admin', 'account_admin', 'account_user'] as const;

/** Saved column mappings of the send wizard and the admin's data mappings (docs/product/send-wizard.md#calls). */
export function mappingRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.createMapping, async (request) => {
    const row = await saveMapping(context, requireRole(request, ISSUERS), request.body);
    return { success: true, message: MAPPING_MESSAGES.saved, mapping: presentMapping(row) };
  });

  route(app, calls.listMappings, async (request) => {
    const rows = await listMappings(context, requireRole(request, ISSUERS), request.query['where[global]'] === '1');
    return { mappings: rows.map(presentMapping) };
  });

  route(app, calls.updateMapping, async (request) => {
    const row = await updateMapping(context, requireRole(request, ISSUERS), request.params.id, request.body, request.ip);
    return { success: true, message: MAPPING_MESSAGES.saved, mapping: presentMapping(row) };
  });

  route(app, calls.listGlobalMappings, async (request) => {
    requireRole(request, ISSUERS);
    return { mappings: (await listGlobalMappings(context)).map(presentMapping) };
  });

  /** `id` is the account's id here: its own mappings. */
  route(app, calls.listAccountMappings, async (request) => {
    const rows = await listAccountMappings(context, requireRole(request, ISSUERS), request.params.id);
    return { mappings: rows.map(presentMapping) };
  });

  route(app, calls.deleteMapping, async (request) => {
    await deleteMapping(context, requireRole(request, ISSUERS), request.params.id);
    return { success: true, message: 'Record deleted' };
  });
}
