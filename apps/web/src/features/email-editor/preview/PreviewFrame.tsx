import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';

/** Message widths a recipient reads at: a desktop mail client and a phone. */
export const PREVIEW_WIDTHS = { desktop: 600, mobile: 360 } as const;
export type PreviewDevice = keyof typeof PREVIEW_WIDTHS;

const FRAME_HEIGHT = 760;

/**
 * The composed HTML in a sandbox that runs no script and cannot reach the app. It is laid out at the
 * real width of the device and scaled down to fit the panel, so line breaks are the recipient's.
 */
export function PreviewFrame({ html, device, title }: { html: string; device: PreviewDevice; title: string }) {
  const { ref, width: available } = useElementSize();
  const width = PREVIEW_WIDTHS[device] + 48;
  const scale = available > 0 ? Math.min(1, available / width) : 1;
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
        <iframe
          title={title}
          srcDoc={html}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          data-testid="email-preview-frame"
          style={{
            width: '100%',
            height: '100%',
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: device === 'mobile' ? 24 : 10,
            background: '#fff',
          }}
        />
      </Box>
    </Box>
  );
}
