import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../http/auth.ts';
import { presentMapping } from './presenter.ts';
import { deleteMapping, listAccountMappings, listGlobalMappings, MAPPING_MESSAGES, saveMapping } from './service.ts';

const fieldKey = z.string().trim().min(1).max(100);
const mappingBody = z.object({
  name: z.string().trim().min(1, 'Mapping name is required.').max(120),
  rules: z
    .array(z.object({ title: z.string().trim().min(1).max(200), mapped: z.union([fieldKey, z.array(fieldKey).max(20), z.null()]) }))
    .min(1, 'A mapping needs at least one column.')
    .max(100),
  /** A mapping for every account; super-admins only. */
  global: z.boolean().optional(),
});
const ISSUERS = ['global_admin', 'account_admin', 'account_user'] as const;

/** Saved column mappings of the send wizard and the admin's data mappings (spec 3 §7). */
export function mappingRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mappings'];

  r.post('/api/mappings', { schema: { tags, body: mappingBody } }, async (request) => {
    const row = await saveMapping(context, requireRole(request, ISSUERS), request.body);
    return { success: true, message: MAPPING_MESSAGES.saved, mapping: presentMapping(row) };
  });

  r.get('/api/mappings/global', { schema: { tags } }, async (request) => {
    requireRole(request, ISSUERS);
    return { mappings: (await listGlobalMappings(context)).map(presentMapping) };
  });

  r.get(
    '/api/mappings/:accountId',
    { schema: { tags, params: z.object({ accountId: z.coerce.number().int().positive() }) } },
    async (request) => {
      const rows = await listAccountMappings(context, requireRole(request, ISSUERS), request.params.accountId);
      return { mappings: rows.map(presentMapping) };
    },
  );

  r.delete('/api/mappings/:id', { schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }) } }, async (request) => {
    await deleteMapping(context, requireRole(request, ISSUERS), request.params.id);
    return { success: true, message: 'Record deleted' };
  });
}
