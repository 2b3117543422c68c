import { renderStockArt, STOCK_ART, type StockArt, thumbnail } from '../../seed/stock/catalog.ts';
import { STOCK_PAGE_SIZE, type StockImage, StockImageNotFound, type StockImageProvider } from './provider.ts';

const AUTHOR = 'Laurel';
const LICENCE = 'CC0 (Laurel)';

/** Every word of the query must begin a word of the image's title or keywords ("mar gold" finds gold marble). */
function matches(art: StockArt, words: string[]): boolean {
  const vocabulary = [...art.title.toLowerCase().split(/[\s-]+/), ...art.keywords.flatMap((k) => k.toLowerCase().split(/\s+/))];
  return words.every((word) => vocabulary.some((v) => v.startsWith(word)));
}

function present(art: StockArt): StockImage {
  return {
    id: art.id,
    title: art.title,
    thumb: `/api/stock-images/${art.id}/thumb`,
    url: `/api/stock-images/${art.id}/full`,
    author: AUTHOR,
    licence: LICENCE,
    width: art.width,
    height: art.height,
  };
}

/**
 * Laurel's own stock library, drawn by code so it works offline and carries no third-party licence.
 * Each image is drawn on first request and kept in memory (the whole set is a few megabytes).
 */
export function bundledStockProvider(art: readonly StockArt[] = STOCK_ART): StockImageProvider {
  const byId = new Map(art.map((a) => [a.id, a]));
  const full = new Map<string, Promise<Buffer>>();
  const thumbs = new Map<string, Promise<Buffer>>();
  const fullImage = (a: StockArt) => {
    let bytes = full.get(a.id);
    if (!bytes) {
      bytes = renderStockArt(a);
      full.set(a.id, bytes);
    }
    return bytes;
  };

  return {
    async search(query, type, page) {
      const words = query
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
      const found = art.filter((a) => a.type === type && matches(a, words));
      const start = (Math.max(1, page) - 1) * STOCK_PAGE_SIZE;
      return { images: found.slice(start, start + STOCK_PAGE_SIZE).map(present), total: found.length };
    },
    async fetch(id, size = 'full') {
      const a = byId.get(id);
      if (!a) throw new StockImageNotFound(id);
      if (size === 'full') return fullImage(a);
      let bytes = thumbs.get(id);
      if (!bytes) {
        bytes = fullImage(a).then((b) => thumbnail(b, a.type));
        thumbs.set(id, bytes);
      }
      return bytes;
    },
  };
}
