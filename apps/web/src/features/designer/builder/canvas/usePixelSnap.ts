import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * Keeps an element on whole device pixels. Centring puts the canvas on half pixels when the space around
 * it is odd, which blurs every edge and letter by a half-pixel resample; a sub-pixel nudge undoes that.
 * The nudge is a relative offset, not a transform: a transform would move a composited layer and blur it.
 */
export function usePixelSnap<T extends HTMLElement>(watch: RefObject<HTMLElement | null>): RefObject<T | null> {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    const container = watch.current;
    if (!element || !container) return;
    const snap = () => {
      element.style.top = '0px';
      element.style.left = '0px';
      const { x, y } = element.getBoundingClientRect();
      const ratio = window.devicePixelRatio || 1;
      const dx = (Math.round(x * ratio) - x * ratio) / ratio;
      const dy = (Math.round(y * ratio) - y * ratio) / ratio;
      element.style.top = `${dy}px`;
      element.style.left = `${dx}px`;
    };
    snap();
    const observer = new ResizeObserver(snap);
    observer.observe(container);
    observer.observe(element);
    return () => observer.disconnect();
  });
  return ref;
}
