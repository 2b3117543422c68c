import { fontCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { assertMayDesign } from '../../http/permissions.ts';
import { route } from '../../http/route.ts';
import { listFonts, removeFonts, uploadFont } from './service.ts';

/**
 * An account's own certificate fonts (docs/product/builder.md#calls: font/uploads, certificates/remove-fonts). Every member
 * reads them (certificates are drawn with them); adding and removing them is design work.
 */
export function fontRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.listFonts, async (request) => ({ fonts: await listFonts(context, requireAccountMember(request).accountId) }));

  route(app, calls.uploadFont, async (request) => {
    const member = requireAccountMember(request);
    assertMayDesign(member.user);
    let name = '';
    let bytes: Buffer | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') bytes = await part.toBuffer();
      else if (part.fieldname === 'name') name = String(part.value);
    }
    if (!bytes) throw badRequest('Choose a font file to upload.', { field: 'file' });
    return uploadFont(context, member.accountId, { name, bytes });
  });

  route(app, calls.removeFonts, async (request) => {
    const member = requireAccountMember(request);
    assertMayDesign(member.user);
    await removeFonts(context, member.accountId, request.body.fonts);
    return { success: true, message: 'Font deleted' };
  });
}
