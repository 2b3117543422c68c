/** docs/product/builder.md#rules-and-limits: guide lines every 40 px, drawn over the canvas but never part of it. */
export const GUIDE_STEP_PX = 40;

export function GuidesGrid({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} aria-hidden>
      <defs>
        <pattern id="builder-guides" width={GUIDE_STEP_PX} height={GUIDE_STEP_PX} patternUnits="userSpaceOnUse">
          <path d={`M ${GUIDE_STEP_PX} 0 L 0 0 0 ${GUIDE_STEP_PX}`} fill="none" stroke="rgba(56, 132, 255, 0.35)" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width={width} height={height} fill="url(#builder-guides)" />
      <line x1={width / 2} x2={width / 2} y1={0} y2={height} stroke="rgba(236, 72, 153, 0.45)" strokeDasharray="4 4" />
    </svg>
  );
}
