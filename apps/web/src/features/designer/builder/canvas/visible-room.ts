import type { Box, Room } from '../state/free-room.ts';
import { elementRect } from './element-box.ts';
import type { ElementLayout } from './element-layouts.ts';

/**
 * What the user sees of the page right now, in canvas pixels: the part of the page inside the stage's
 * scrolled box and the window (zoomed in, or on a phone where the column scrolls), and the boxes the
 * shown elements take as the engine laid them out. Without a layout yet (fonts still loading) the taken
 * boxes are left to the placement's estimate.
 */
export function visibleRoom(
  stage: HTMLElement,
  frame: HTMLElement,
  zoom: number,
  canvasWidth: number,
  layouts: readonly ElementLayout[] | null,
  showHidden: boolean,
): Room {
  const seen = stage.getBoundingClientRect();
  const page = frame.getBoundingClientRect();
  const left = Math.max(seen.left, 0);
  const top = Math.max(seen.top, 0);
  const right = Math.min(seen.right, window.innerWidth);
  const bottom = Math.min(seen.bottom, window.innerHeight);
  const view: Box = {
    left: (left - page.left) / zoom,
    top: (top - page.top) / zoom,
    width: Math.max(0, right - left) / zoom,
    height: Math.max(0, bottom - top) / zoom,
  };
  if (!layouts) return { view };
  const taken = layouts
    .filter((l) => l.element.type !== 'background' && (!l.hidden || showHidden))
    .map((l) => elementRect(l.element, l.items, canvasWidth));
  return { view, taken };
}
