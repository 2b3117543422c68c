import type { UploadedImage } from '@laurel/domain';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Member } from '../certificates/index.ts';
import { sniffImageType, storeImage } from '../files/index.ts';
import { StockImageNotFound, type StockImageProvider } from './provider.ts';

const STOCK_ID = /^[a-z0-9][a-z0-9-]{0,79}$/;
/** A stock URL as search returned it, relative or on our own host. */
const STOCK_URL = /^(?:https?:\/\/[^/]+)?\/api\/stock-images\/([a-z0-9][a-z0-9-]{0,79})\/(?:full|thumb)$/;
const NOT_STOCK = 'Only images from the stock library can be imported.';
const NOT_FOUND = 'Stock image not found.';

/** The stock id named by an import request: a bare id or the provider's own URL for it; nothing else. */
function stockIdOf(file: string): string {
  if (STOCK_ID.test(file)) return file;
  const id = STOCK_URL.exec(file)?.[1];
  if (!id) throw badRequest(NOT_STOCK, { error_type: 'invalid', field: 'file' });
  return id;
}

/** A stock image's bytes, full size or as a thumbnail; a 404 for an id the provider does not have. */
export async function stockImageBytes(provider: StockImageProvider, id: string, size: 'full' | 'thumb'): Promise<Buffer> {
  try {
    return await provider.fetch(id, size);
  } catch (error) {
    if (error instanceof StockImageNotFound) throw notFound(NOT_FOUND);
    throw error;
  }
}

/**
 * Copies a stock image into the account's own files, so a certificate never depends on the provider
 * staying available. Textures come as JPEG and motifs as PNG (for their transparency); the stored kind follows.
 */
export async function importStockImage(
  context: AppContext,
  provider: StockImageProvider,
  member: Member,
  file: string,
): Promise<UploadedImage> {
  const id = stockIdOf(file);
  const bytes = await stockImageBytes(provider, id, 'full');
  const isMotif = sniffImageType(bytes) === 'png';
  return storeImage(context, {
    accountId: member.accountId,
    userId: member.user.id,
    kind: isMotif ? 'image' : 'background',
    bytes,
    originalName: `${id}.${isMotif ? 'png' : 'jpg'}`,
  });
}
