import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { sniffImageType } from '../files/images.ts';
import { storeImage } from '../files/service.ts';
import { bundledStockProvider } from './bundled-provider.ts';
import { StockImageNotFound, type StockImageProvider } from './provider.ts';

const STOCK_ID = /^[a-z0-9][a-z0-9-]{0,79}$/;
/** A stock URL as search returned it, relative or on our own host. */
const STOCK_URL = /^(?:https?:\/\/[^/]+)?\/api\/stock-images\/([a-z0-9][a-z0-9-]{0,79})\/(?:full|thumb)$/;
const NOT_STOCK = 'Only images from the stock library can be imported.';
const NOT_FOUND = 'Stock image not found.';

const searchQuery = z.object({
  where: z.string().max(200).default(''),
  type: z.enum(['background', 'image']).default('background'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
const imageParams = z.object({ id: z.string().max(80), size: z.enum(['full', 'thumb']) });
const importBody = z.object({ file: z.string().trim().min(1, 'Choose a stock image.').max(500) });

/** The stock id named by an import request: a bare id or the provider's own URL for it; nothing else. */
function stockIdOf(file: string): string {
  if (STOCK_ID.test(file)) return file;
  const id = STOCK_URL.exec(file)?.[1];
  if (!id) throw badRequest(NOT_STOCK, { error_type: 'invalid', field: 'file' });
  return id;
}

async function fetchOr404(provider: StockImageProvider, id: string, size: 'full' | 'thumb'): Promise<Buffer> {
  try {
    return await provider.fetch(id, size);
  } catch (error) {
    if (error instanceof StockImageNotFound) throw notFound(NOT_FOUND);
    throw error;
  }
}

/**
 * Stock images for the builder's pickers (spec 2 §7: GET stock images, POST certificates/upload-stock).
 * Importing copies the image into the account's own files, so a certificate never depends on the
 * provider staying available.
 */
export function stockRoutes(app: FastifyInstance, context: AppContext, provider: StockImageProvider = bundledStockProvider()): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['stock images'];

  r.get('/api/stock-images', { schema: { tags, querystring: searchQuery } }, async (request) => {
    requireAccountMember(request);
    const { where, type, page } = request.query;
    return provider.search(where.trim(), type, page);
  });

  /** Public: the art is Laurel's own and free to use, and <img> tags send no token. */
  r.get('/api/stock-images/:id/:size', { schema: { tags, params: imageParams } }, async (request, reply) => {
    const bytes = await fetchOr404(provider, request.params.id, request.params.size);
    return reply
      .type(sniffImageType(bytes) === 'png' ? 'image/png' : 'image/jpeg')
      .header('cache-control', 'public, max-age=86400')
      .header('content-disposition', 'inline')
      .send(bytes);
  });

  r.post(
    '/api/certificates/upload-stock',
    { schema: { tags, querystring: z.object({ noPdf: z.string().optional() }), body: importBody } },
    async (request) => {
      const member = requireAccountMember(request);
      const id = stockIdOf(request.body.file);
      const bytes = await fetchOr404(provider, id, 'full');
      // Textures come as JPEG and motifs as PNG (for their transparency); the stored kind follows.
      const isMotif = sniffImageType(bytes) === 'png';
      return storeImage(context, {
        accountId: member.accountId,
        userId: member.user.id,
        kind: isMotif ? 'image' : 'background',
        bytes,
        originalName: `${id}.${isMotif ? 'png' : 'jpg'}`,
      });
    },
  );
}
