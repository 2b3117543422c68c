import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useLayoutEffect, useRef } from 'react';
import { emailNodes } from './email-document.ts';

/** Message widths a recipient reads at: a desktop mail client and a phone. */
export const PREVIEW_WIDTHS = { desktop: 600, mobile: 360 } as const;
export type PreviewDevice = keyof typeof PREVIEW_WIDTHS;

const FRAME_HEIGHT = 760;

/**
 * The composed HTML in a shadow root of the page rather than a frame (docs/decisions/0070-email-preview-and-test-email.md):
 * cleaned again and unable to run script, kept apart from the app's styles, and part of the page that assistive
 * technology and accessibility checks read. It is laid out at the real width of the device and scaled down to fit
 * the panel, so line breaks are the recipient's; the message scrolls in its own box, which takes keyboard focus so
 * that it can be scrolled without a mouse.
 */
export function PreviewFrame({ html, device, title }: { html: string; device: PreviewDevice; title: string }) {
  const { ref, width: available } = useElementSize();
  const host = useRef<HTMLDivElement>(null);
  const width = PREVIEW_WIDTHS[device] + 48;
  const scale = available > 0 ? Math.min(1, available / width) : 1;

  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    root.replaceChildren(...emailNodes(html));
  }, [html]);

  return (
    <Box ref={ref} w="100%" style={{ height: FRAME_HEIGHT * scale, overflow: 'hidden' }}>
      <Box
        style={{
          width,
          height: FRAME_HEIGHT,
          transform: `scale(${scale})`,
          transformOrigin: 'top left',
          marginLeft: available > width ? (available - width) / 2 : 0,
        }}
      >
        <Box
          role="region"
          aria-label={title}
          tabIndex={0}
          data-testid="email-preview-frame"
          style={{
            width: '100%',
            height: '100%',
            overflow: 'auto',
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: device === 'mobile' ? 24 : 10,
            background: '#fff',
          }}
        >
          <div ref={host} />
        </Box>
      </Box>
    </Box>
  );
}
