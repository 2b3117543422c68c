import { DEFAULT_LIST_PAGE_SIZES, PAGINATION_COUNTS, PAGINATION_LISTS, type PageSizeChange, type PageSizes } from '@laurel/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from '../auth/index.ts';

/** Every list's page size: the spec's default, unless the user kept an allowed size of their own. */
export function pageSizesOf(kept: Record<string, number>): PageSizes {
  const sizes = { ...DEFAULT_LIST_PAGE_SIZES } as PageSizes;
  for (const list of PAGINATION_LISTS) {
    const size = kept[list];
    if ((PAGINATION_COUNTS as readonly number[]).includes(size as number)) sizes[list] = size!;
  }
  return sizes;
}

/** Keeps one list's size; the others stay as they are, even when two tabs change two lists at once. */
export async function keepPageSize(context: AppContext, user: UserRow, change: PageSizeChange): Promise<PageSizes> {
  const [row] = await context.db
    .update(users)
    .set({ pagination: sql`${users.pagination} || ${JSON.stringify({ [change.type]: change.count })}::jsonb` })
    .where(eq(users.id, user.id))
    .returning({ pagination: users.pagination });
  return pageSizesOf(row!.pagination);
}
