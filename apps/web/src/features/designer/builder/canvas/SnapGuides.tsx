import type { SnapGuide } from './snapping.ts';

/**
 * The lines an element snapped to while it is dragged, across the whole canvas. Drawn over the canvas
 * but never part of it, like the guide grid.
 */
export function SnapGuides({ guides, width, height }: { guides: SnapGuide[]; width: number; height: number }) {
  if (!guides.length) return null;
  return (
    <svg
      width={width}
      height={height}
      style={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'visible' }}
      aria-hidden
      data-testid="snap-guides"
    >
      {guides.map((g) =>
        g.axis === 'x' ? (
          <line
            key={`x${g.at}`}
            data-guide={`x:${g.at}`}
            x1={g.at}
            x2={g.at}
            y1={0}
            y2={height}
            stroke="#e8368f"
            strokeWidth={1}
            shapeRendering="crispEdges"
          />
        ) : (
          <line
            key={`y${g.at}`}
            data-guide={`y:${g.at}`}
            x1={0}
            x2={width}
            y1={g.at}
            y2={g.at}
            stroke="#e8368f"
            strokeWidth={1}
            shapeRendering="crispEdges"
          />
        ),
      )}
    </svg>
  );
}
