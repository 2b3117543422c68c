import { Center, Skeleton, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fetchBinary } from '../../../shared/api/binary.ts';
import { designerKeys } from '../query-keys.ts';

interface ThumbnailProps {
  /** The server's PNG of the design (set thumbnails need the session header, so they are fetched). */
  src: string;
  portrait: boolean;
  label: string;
}

/**
 * Thumbnails just below the window start loading too, so a short scroll finds them drawn; further ones
 * wait, leaving the server's drawing to those on screen.
 */
const AHEAD = '0px 0px 100px 0px';

/**
 * True once the element has been on screen (or nearly): measured against the window, which also
 * accounts for any scrolling box around it, so it holds for thumbnails already in view when the page
 * opens as well as for those a scroll brings in.
 */
function useShown<T extends Element>() {
  const ref = useRef<T>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || shown) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setShown(true), { rootMargin: AHEAD });
    observer.observe(node);
    return () => observer.disconnect();
  }, [shown]);
  return [ref, shown] as const;
}

/**
 * A design's server-rendered thumbnail in a frame of the page's shape, with a skeleton while it renders.
 * Each is drawn on the server on request, so only those on screen are asked for, and leaving the page
 * drops the ones still on their way (they would otherwise hold the connections the next screen needs).
 */
export function Thumbnail({ src, portrait, label }: ThumbnailProps) {
  const [frame, shown] = useShown<HTMLDivElement>();
  const image = useQuery({
    queryKey: designerKeys.thumbnail(src),
    queryFn: ({ signal }) => fetchBinary(src, signal),
    enabled: shown,
    staleTime: 5 * 60_000,
    retry: 1,
  });
  const url = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const ratio = portrait ? '8.5 / 11' : '11 / 8.5';

  return (
    <Center
      ref={frame}
      style={{
        aspectRatio: '4 / 3',
        background: 'linear-gradient(180deg, #f3f4f6, #e9ebee)',
        padding: 14,
      }}
    >
      {image.isPending && <Skeleton style={{ aspectRatio: ratio, height: '100%', maxWidth: '100%' }} radius={2} />}
      {image.isError && (
        <Center style={{ flexDirection: 'column', gap: 4 }} c="dimmed">
          <IconPhotoOff size={24} stroke={1.4} />
          <Text size="xs">Preview unavailable</Text>
        </Center>
      )}
      {url && (
        <img
          src={url}
          alt={`Preview of ${label}`}
          style={{
            maxWidth: '100%',
            maxHeight: '100%',
            display: 'block',
            boxShadow: '0 1px 2px rgba(15,23,42,.1), 0 6px 16px -6px rgba(15,23,42,.25)',
            background: '#fff',
          }}
        />
      )}
    </Center>
  );
}
