import type { Ctx } from '../art/kit.ts';

/** A stock image drawn by code: a background texture (JPEG) or a motif on transparency (PNG). */
export interface StockArt {
  id: string;
  title: string;
  type: 'background' | 'image';
  keywords: readonly string[];
  width: number;
  height: number;
  draw(ctx: Ctx, width: number, height: number): void;
}
