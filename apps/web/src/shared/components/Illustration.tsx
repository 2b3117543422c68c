import { Box, ThemeIcon } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { LaurelMark } from '../brand/LaurelMark.tsx';

/**
 * The empty-state artwork shared by every screen: a certificate sheet on a soft halo, with the
 * screen's own symbol on a badge, so each area reads as part of one product.
 */
export function Illustration({ icon, size = 220 }: { icon: ReactNode; size?: number }) {
  const height = (size * 150) / 220;
  const haloId = useId();
  return (
    <Box pos="relative" w={size} h={height} aria-hidden="true">
      <svg width={size} height={height} viewBox="0 0 220 150" fill="none" aria-hidden="true">
        <defs>
          <radialGradient id={haloId} cx="50%" cy="55%" r="55%">
            <stop offset="0%" stopColor="#d6ebe1" />
            <stop offset="100%" stopColor="#f6f7f4" stopOpacity="0" />
          </radialGradient>
        </defs>
        <ellipse cx="110" cy="80" rx="104" ry="68" fill={`url(#${haloId})`} />
        <circle cx="28" cy="34" r="3" fill="#e2c465" />
        <circle cx="196" cy="112" r="4" fill="#a9d5c0" />
        <circle cx="186" cy="28" r="2" fill="#79bf9d" />
        <g transform="rotate(-5 110 78)">
          <rect x="52" y="32" width="118" height="86" rx="8" fill="#ffffff" stroke="#dfe5de" />
          <rect x="58" y="38" width="106" height="74" rx="5" stroke="#ecd89a" strokeDasharray="3 3" />
          <rect x="82" y="52" width="58" height="6" rx="3" fill="#1f7550" opacity="0.85" />
          <rect x="72" y="66" width="78" height="4" rx="2" fill="#cdd3cc" />
          <rect x="86" y="76" width="50" height="4" rx="2" fill="#e1e5e0" />
          <rect x="68" y="98" width="30" height="3" rx="1.5" fill="#cdd3cc" />
          <rect x="124" y="98" width="30" height="3" rx="1.5" fill="#cdd3cc" />
        </g>
      </svg>
      <Box pos="absolute" left={size * 0.455} top={height * 0.63} style={{ transform: 'rotate(-5deg)' }}>
        <LaurelMark size={size * 0.1} variant="plain" title="" />
      </Box>
      <ThemeIcon
        pos="absolute"
        right={size * 0.12}
        top={height * 0.04}
        size={size * 0.22}
        radius="xl"
        variant="gradient"
        gradient={{ from: 'laurel.5', to: 'laurel.8', deg: 135 }}
        style={{ boxShadow: '0 8px 20px rgba(31, 117, 80, 0.28)', border: '3px solid #fff' }}
      >
        {icon}
      </ThemeIcon>
    </Box>
  );
}
