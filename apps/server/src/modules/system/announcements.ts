import type { AdminAnnouncement, Announcement, AnnouncementInput } from '@laurel/domain';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { announcements, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { audit } from './audit.ts';
import { sanitizeRichText } from './rich-text.ts';

type Actor = { id: number; ip: string };

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

/**
 * Dismisses every announcement published so far, active or not, for this user: each user keeps the
 * newest announcement they dismissed, so one they closed is never shown to them again.
 */
export async function markAnnouncementsSeen(context: AppContext, userId: number): Promise<void> {
  const [latest] = await context.db.select({ id: announcements.id }).from(announcements).orderBy(desc(announcements.id)).limit(1);
  if (latest) await context.db.update(users).set({ last_announcement_seen: latest.id }).where(eq(users.id, userId));
}

function present(row: typeof announcements.$inferSelect): AdminAnnouncement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    status: row.status ? 1 : 0,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listAnnouncements(context: AppContext): Promise<AdminAnnouncement[]> {
  const rows = await context.db.select().from(announcements).orderBy(desc(announcements.id));
  return rows.map(present);
}

/** Creates or changes an announcement, its content sanitised; an edit is not shown again to users who dismissed it. */
export async function saveAnnouncement(context: AppContext, input: AnnouncementInput, actor: Actor): Promise<AdminAnnouncement> {
  const content = sanitizeRichText(input.content);
  if (!content) throw badRequest('Write the announcement.', { field: 'content' });
  const now = context.clock.now();
  const values = { title: input.title, content, status: input.status === 1, updated_at: now };
  const [row] = input.id
    ? await context.db.update(announcements).set(values).where(eq(announcements.id, input.id)).returning()
    : await context.db
        .insert(announcements)
        .values({ ...values, created_at: now })
        .returning();
  if (!row) throw notFound('Announcement not found.');
  await audit(context, {
    action: input.id ? 'announcement.update' : 'announcement.create',
    userId: actor.id,
    ip: actor.ip,
    details: { id: row.id, title: row.title, status: values.status },
  });
  return present(row);
}

export async function deleteAnnouncement(context: AppContext, id: number, actor: Actor): Promise<void> {
  const [row] = await context.db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
  if (!row) throw notFound('Announcement not found.');
  await audit(context, { action: 'announcement.delete', userId: actor.id, ip: actor.ip, details: { id } });
}
