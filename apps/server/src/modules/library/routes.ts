import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { libraryImages } from '../../db/schema.ts';
import { requireAuth, requireRole } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { storeImage } from '../files/service.ts';

const LIBRARIES = { backgrounds: 'background', signatures: 'signature' } as const;
const sortBody = z.object({ sort: z.array(z.object({ id: z.number().int().positive(), sorting: z.number().int().min(0) })).max(1000) });

/**
 * The background library and the image (signature) library: everyone signed in picks from them,
 * super-admins upload, delete and reorder (spec 3 §7, super-admin).
 */
export function libraryRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, kind] of Object.entries(LIBRARIES)) {
    const tags = ['library'];

    r.get(`/api/${path}`, { schema: { tags } }, async (request) => {
      requireAuth(request);
      const rows = await context.db
        .select()
        .from(libraryImages)
        .where(eq(libraryImages.kind, kind))
        .orderBy(asc(libraryImages.sorting), asc(libraryImages.id));
      return { [path]: rows.map(({ id, imagepath, name, sorting }) => ({ id, imagepath, name, sorting })) };
    });

    r.post(`/api/${path}`, { schema: { tags } }, async (request) => {
      const auth = requireRole(request, ['global_admin']);
      const file = await request.file();
      if (!file) throw badRequest('Choose a file to upload.', { error_type: 'required', field: 'file' });
      const stored = await storeImage(context, {
        accountId: null,
        userId: auth.user.id,
        kind: kind === 'background' ? 'background' : 'image',
        bytes: await file.toBuffer(),
        originalName: file.filename,
      });
      const [row] = await context.db
        .insert(libraryImages)
        .values({ kind, imagepath: stored.imagepath, name: file.filename.slice(0, 200) })
        .returning();
      return row;
    });

    r.delete(`/api/${path}/:id`, { schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }) } }, async (request) => {
      requireRole(request, ['global_admin']);
      const deleted = await context.db
        .delete(libraryImages)
        .where(and(eq(libraryImages.id, request.params.id), eq(libraryImages.kind, kind)))
        .returning();
      if (!deleted.length) throw notFound();
      return { success: true };
    });

    r.put(`/api/${path}/sort`, { schema: { tags, body: sortBody } }, async (request) => {
      requireRole(request, ['global_admin']);
      await context.db.transaction(async (tx) => {
        for (const { id, sorting } of request.body.sort) {
          await tx
            .update(libraryImages)
            .set({ sorting })
            .where(and(eq(libraryImages.id, id), eq(libraryImages.kind, kind)));
        }
      });
      return { success: true };
    });
  }
}
