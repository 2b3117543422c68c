import type { Ctx } from '../art/kit.ts';

export type Orientation = 'landscape' | 'portrait';

/**
 * A background drawn by code. `draw` works in canvas pixels (640 wide, as designs are laid out) on a
 * context already scaled to the output, so templates and backgrounds share one coordinate system.
 */
export interface BackgroundArt {
  slug: string;
  name: string;
  orientation: Orientation;
  draw(ctx: Ctx, width: number, height: number): void;
}

/** One design, both orientations: the art adapts to the page shape it is given. */
export function bothOrientations(slug: string, name: string, draw: BackgroundArt['draw']): BackgroundArt[] {
  return [
    { slug, name, orientation: 'landscape', draw },
    { slug: `${slug}-portrait`, name: `${name} (portrait)`, orientation: 'portrait', draw },
  ];
}
