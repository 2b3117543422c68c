import type { PageFormat } from './design.ts';

/** The builder canvas is always 640 px wide (docs/product/builder.md#rules-and-limits). */
export const CANVAS_WIDTH = 640;

/** Page sizes in PDF points, portrait. */
export const PAGE_SIZES_PT: Record<PageFormat, { width: number; height: number }> = {
  Letter: { width: 612, height: 792 },
  A4: { width: 595.28, height: 841.89 },
  Legal: { width: 612, height: 1008 },
};

export function pageSizePt(format: PageFormat, isPortrait: boolean) {
  const { width, height } = PAGE_SIZES_PT[format];
  return isPortrait ? { width, height } : { width: height, height: width };
}

/**
 * Canvas height follows the page's aspect ratio at 640 px wide, rounded down: Letter landscape gives the
 * spec's 494 px, and the spec's default line tops (410, A4 360, Legal 310) sit near the bottom of the
 * 494, 452 and 388 px landscape canvases this yields.
 */
export function canvasSize(format: PageFormat, isPortrait: boolean) {
  const page = pageSizePt(format, isPortrait);
  return { width: CANVAS_WIDTH, height: Math.floor((CANVAS_WIDTH * page.height) / page.width) };
}

/** PDF points per canvas pixel. */
export function pointsPerPixel(format: PageFormat, isPortrait: boolean) {
  return pageSizePt(format, isPortrait).width / CANVAS_WIDTH;
}
