import { useId } from 'react';
import { LEAF_PATH, WREATH_LEAVES, WREATH_STEMS } from './wreath.ts';

interface LaurelMarkProps {
  size?: number;
  /** `tile` sits on a green rounded square (header, favicon); `plain` draws the wreath alone. */
  variant?: 'tile' | 'plain';
  title?: string;
}

/** Laurel's logomark: a gilt laurel wreath, the mark of an honour earned. */
export function LaurelMark({ size = 32, variant = 'tile', title = 'Laurel' }: LaurelMarkProps) {
  const gradientId = useId();
  const leafColor = variant === 'tile' ? '#f1dc98' : 'var(--mantine-color-laurel-7)';
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      focusable="false"
      role={title ? 'img' : undefined}
      aria-label={title || undefined}
      aria-hidden={title ? undefined : true}
    >
      {variant === 'tile' && (
        <>
          <defs>
            <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
              <stop offset="0%" stopColor="#2b8a5e" />
              <stop offset="100%" stopColor="#0e4530" />
            </linearGradient>
          </defs>
          <rect width="32" height="32" rx="8.5" fill={`url(#${gradientId})`} />
        </>
      )}
      {WREATH_STEMS.map((d) => (
        <path key={d} d={d} fill="none" stroke={leafColor} strokeWidth="0.9" strokeLinecap="round" />
      ))}
      {WREATH_LEAVES.map((leaf) => (
        <path
          key={`${leaf.x.toFixed(2)}-${leaf.y.toFixed(2)}-${leaf.rotate.toFixed(0)}`}
          d={LEAF_PATH}
          fill={leafColor}
          transform={`translate(${leaf.x.toFixed(2)} ${leaf.y.toFixed(2)}) rotate(${leaf.rotate.toFixed(1)}) scale(${leaf.scale})`}
        />
      ))}
    </svg>
  );
}
