import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { listFonts, removeFonts, uploadFont } from './service.ts';

/** An account's own certificate fonts (spec 2 §7: font/uploads, certificates/remove-fonts). */
export function fontRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['fonts'];

  r.get('/api/fonts', { schema: { tags } }, async (request) => ({
    fonts: await listFonts(context, requireAccountMember(request).accountId),
  }));

  r.post('/api/font/uploads', { schema: { tags } }, async (request) => {
    const member = requireAccountMember(request);
    let name = '';
    let bytes: Buffer | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') bytes = await part.toBuffer();
      else if (part.fieldname === 'name') name = String(part.value);
    }
    if (!bytes) throw badRequest('Choose a font file to upload.', { field: 'file' });
    return uploadFont(context, member.accountId, { name, bytes });
  });

  r.post(
    '/api/certificates/remove-fonts',
    { schema: { tags, body: z.object({ fonts: z.array(z.number().int().positive()).max(100) }) } },
    async (request) => {
      const member = requireAccountMember(request);
      const removed = await removeFonts(context, member.accountId, request.body.fonts);
      if (removed === 0) throw badRequest('Cant delete font');
      return { success: true, message: 'Font deleted' };
    },
  );
}
