import { type TutorialVideos, tutorialVideos } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { appSettings } from '../../db/schema.ts';
import { audit } from './audit.ts';

const KEY = 'tutorial_videos';

/** The operator's tutorial videos; none until a super-admin adds some. */
export async function readTutorialVideos(context: AppContext): Promise<TutorialVideos> {
  const [row] = await context.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  // A stored value that no longer reads (an older shape) shows no videos rather than failing every screen.
  const parsed = tutorialVideos.safeParse(row?.value ?? { videos: [] });
  return parsed.success ? parsed.data : { videos: [] };
}

export async function saveTutorialVideos(
  context: AppContext,
  input: TutorialVideos,
  actor: { id: number; ip: string },
): Promise<TutorialVideos> {
  const now = context.clock.now();
  await context.db
    .insert(appSettings)
    .values({ key: KEY, value: input, updated_at: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: input, updated_at: now } });
  await audit(context, { action: 'settings.tutorial_videos', userId: actor.id, ip: actor.ip, details: { count: input.videos.length } });
  return input;
}
