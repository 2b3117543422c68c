import { stockCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { assertMayDesign } from '../../http/permissions.ts';
import { route } from '../../http/route.ts';
import { sniffImageType } from '../files/index.ts';
import { bundledStockProvider } from './bundled-provider.ts';
import type { StockImageProvider } from './provider.ts';
import { importStockImage, stockImageBytes } from './service.ts';

/**
 * Stock images for the builder's pickers (docs/product/builder.md#calls: GET stock images, POST certificates/upload-stock).
 * Importing copies the image into the account's own files.
 */
export function stockRoutes(app: FastifyInstance, context: AppContext, provider: StockImageProvider = bundledStockProvider()): void {
  route(app, calls.searchStockImages, async (request) => {
    requireAccountMember(request);
    const { where, type, page } = request.query;
    return provider.search(where.trim(), type, page);
  });

  /** Public: the art is Laurel's own and free to use, and <img> tags send no token. */
  route(app, calls.getStockImage, async (request, reply) => {
    const bytes = await stockImageBytes(provider, request.params.id, request.params.size);
    return reply
      .type(sniffImageType(bytes) === 'png' ? 'image/png' : 'image/jpeg')
      .header('cache-control', 'public, max-age=86400')
      .header('content-disposition', 'inline')
      .send(bytes);
  });

  /** Taking a stock image into the account is design work, like uploading one. */
  route(app, calls.importStockImage, async (request) => {
    const member = requireAccountMember(request);
    assertMayDesign(member.user);
    return importStockImage(context, provider, member, request.body.file);
  });
}
