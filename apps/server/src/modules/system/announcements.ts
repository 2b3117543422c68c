import type { Announcement } from '@laurel/domain';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { announcements, users } from '../../db/schema.ts';
import type { UserRow } from '../auth/index.ts';

/** The newest active announcement the user has not dismissed yet, if any. */
export async function latestUnseenAnnouncement(context: AppContext, user: UserRow): Promise<Announcement | null> {
  const [latest] = await context.db
    .select({ id: announcements.id, title: announcements.title, content: announcements.content })
    .from(announcements)
    .where(and(eq(announcements.status, true), gt(announcements.id, user.last_announcement_seen)))
    .orderBy(desc(announcements.id))
    .limit(1);
  return latest ?? null;
}

/** Dismisses every announcement published so far, active or not, for this user. */
export async function markAnnouncementsSeen(context: AppContext, userId: number): Promise<void> {
  const [latest] = await context.db.select({ id: announcements.id }).from(announcements).orderBy(desc(announcements.id)).limit(1);
  if (latest) await context.db.update(users).set({ last_announcement_seen: latest.id }).where(eq(users.id, userId));
}
