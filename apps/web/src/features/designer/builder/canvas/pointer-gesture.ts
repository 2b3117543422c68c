import type { PointerEvent as ReactPointerEvent } from 'react';

/** Movement below this many screen pixels is a click, not a drag. */
const DRAG_THRESHOLD = 3;

/**
 * Follows one pointer from press to release on the window, reporting the distance travelled in canvas
 * pixels (screen distance divided by the zoom), with the move event for its modifier keys.
 */
export function followPointer(
  event: ReactPointerEvent,
  zoom: number,
  handlers: { move: (dx: number, dy: number, event: PointerEvent) => void; end: (dragged: boolean) => void },
): void {
  const startX = event.clientX;
  const startY = event.clientY;
  let dragged = false;
  const onMove = (e: PointerEvent) => {
    const dx = e.clientX - startX;
    const dy = e.clientY - startY;
    if (!dragged && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    dragged = true;
    handlers.move(dx / zoom, dy / zoom, e);
  };
  const onUp = () => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', onUp);
    handlers.end(dragged);
  };
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', onUp);
  window.addEventListener('pointercancel', onUp);
}
