import { z } from 'zod';
import { defineCalls } from './contract.ts';

/** Tutorial videos per screen (docs/product/dashboard.md#screens dialogs): chosen by the operator, none until they add some. */

export const TUTORIAL_SCREENS = ['dashboard', 'build', 'send', 'store'] as const;
export type TutorialScreen = (typeof TUTORIAL_SCREENS)[number];

export const TUTORIAL_SCREEN_LABELS: Readonly<Record<TutorialScreen, string>> = {
  dashboard: 'Dashboard',
  build: 'Build',
  send: 'Send',
  store: 'Store',
};

export const TUTORIAL_URL_MESSAGE = 'The video address must start with https://';

const httpsUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', { message: TUTORIAL_URL_MESSAGE });

export const tutorialVideo = z
  .object({
    screen: z.enum(TUTORIAL_SCREENS),
    title: z.string().trim().min(1, 'Give the video a title').max(120),
    url: httpsUrl,
  })
  .meta({ id: 'TutorialVideo' });
export type TutorialVideo = z.infer<typeof tutorialVideo>;

export const tutorialVideos = z.object({ videos: z.array(tutorialVideo).max(50) });
export type TutorialVideos = z.infer<typeof tutorialVideos>;

export const tutorialCalls = defineCalls('tutorials', {
  getTutorialVideos: {
    method: 'GET',
    path: '/api/tutorial-videos',
    summary: 'List the tutorial videos of every screen',
    access: 'session',
    response: tutorialVideos,
  },
  setTutorialVideos: {
    method: 'PUT',
    path: '/api/admin/tutorial-videos',
    summary: 'Replace the tutorial videos (super-admins)',
    access: 'session',
    body: tutorialVideos,
    response: tutorialVideos,
  },
});

/**
 * The address of an embeddable player for a YouTube or Vimeo link; null for any other address, which the
 * dialog shows as a link instead.
 */
export function videoEmbedUrl(address: string): string | null {
  if (!URL.canParse(address)) return null;
  const url = new URL(address);
  const host = url.hostname.replace(/^www\.|^m\./, '');
  const safe = (id: string | undefined) => (id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? id : null);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = safe(url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1]);
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === 'youtu.be') {
    const id = safe(url.pathname.slice(1).split('/')[0]);
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = url.pathname.match(/(?:^|\/)(\d{5,12})(?:\/|$)/)?.[1];
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}
