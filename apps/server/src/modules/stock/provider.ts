import type { StockImage, StockImageType } from '@laurel/domain';

export type { StockImage, StockImageType };

/**
 * A source of stock images for backgrounds and image elements. The bundled provider serves Laurel's own
 * generated art; a remote provider (a photo library's API) would implement the same interface and must
 * fetch only from its own API host, refusing private, loopback and link-local addresses after DNS
 * resolution and on every redirect, as `apps/server/src/net/guarded-fetch.ts` does.
 */
export interface StockImageProvider {
  search(query: string, type: StockImageType, page: number): Promise<{ images: StockImage[]; total: number }>;
  /** The image's bytes; rejects with StockImageNotFound for an id the provider does not have. */
  fetch(id: string, size?: 'full' | 'thumb'): Promise<Buffer>;
}

export class StockImageNotFound extends Error {
  constructor(id: string) {
    super(`no stock image ${id}`);
  }
}

/** Stock pickers show 6 images a page (docs/product/builder.md#rules-and-limits). */
export const STOCK_PAGE_SIZE = 6;
