import type { LibraryImage } from '@laurel/domain';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { libraryImages } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { storeImage } from '../files/index.ts';

/** The background library and the image (signature) library. */
export type LibraryKind = 'background' | 'signature';

/**
 * Whose library a change goes to: everyone's (super-admins, `accountId` null) or one account's own.
 * Listing shows everyone's images and, for a member, their account's.
 */
export interface LibraryOwner {
  accountId: number | null;
  userId: number;
}

type LibraryRow = typeof libraryImages.$inferSelect;

export const presentLibraryImage = ({ id, imagepath, name, sorting, account_id }: LibraryRow): LibraryImage => ({
  id,
  imagepath,
  name,
  sorting,
  account_id,
});

/** A library image as added, every column of it. */
export const presentAddedLibraryImage = (row: LibraryRow) => ({
  ...row,
  kind: row.kind as LibraryKind,
  created_at: row.created_at.toISOString(),
});

const ownedBy = (accountId: number | null) =>
  accountId === null ? isNull(libraryImages.account_id) : eq(libraryImages.account_id, accountId);

/** Everyone's images first, in the super-admins' order, then the account's own, oldest first. */
export async function listLibrary(context: AppContext, kind: LibraryKind, accountId: number | null) {
  const visible =
    accountId === null ? isNull(libraryImages.account_id) : or(isNull(libraryImages.account_id), eq(libraryImages.account_id, accountId));
  return context.db
    .select()
    .from(libraryImages)
    .where(and(eq(libraryImages.kind, kind), visible))
    .orderBy(sql`${libraryImages.account_id} is not null`, asc(libraryImages.sorting), asc(libraryImages.id));
}

/** Stores the image (re-encoded, as every upload) and lists it in the owner's library. */
export async function addToLibrary(
  context: AppContext,
  kind: LibraryKind,
  owner: LibraryOwner,
  upload: { bytes: Buffer; filename: string },
) {
  const stored = await storeImage(context, {
    accountId: owner.accountId,
    userId: owner.userId,
    kind: kind === 'background' ? 'background' : 'image',
    bytes: upload.bytes,
    originalName: upload.filename,
  });
  const [row] = await context.db
    .insert(libraryImages)
    .values({
      kind,
      account_id: owner.accountId,
      imagepath: stored.imagepath,
      name: upload.filename.slice(0, 200),
      // A new image joins the end of its library, after the ones already put in order.
      sorting: sql`(select coalesce(max(${libraryImages.sorting}) + 1, 0) from ${libraryImages} where ${libraryImages.kind} = ${kind} and ${ownedBy(owner.accountId)})`,
    })
    .returning();
  return row!;
}

/**
 * Removes an image of the owner's library. An account member asking for an image of everyone's
 * library (which they can see) is refused; another account's image is not theirs to know of.
 */
export async function removeFromLibrary(context: AppContext, kind: LibraryKind, id: number, owner: LibraryOwner): Promise<void> {
  const deleted = await context.db
    .delete(libraryImages)
    .where(and(eq(libraryImages.id, id), eq(libraryImages.kind, kind), ownedBy(owner.accountId)))
    .returning();
  if (deleted.length) return;
  if (owner.accountId !== null) {
    const [shared] = await context.db
      .select({ id: libraryImages.id })
      .from(libraryImages)
      .where(and(eq(libraryImages.id, id), eq(libraryImages.kind, kind), isNull(libraryImages.account_id)));
    if (shared) throw forbidden('Only super-admins can remove images everyone shares.');
  }
  throw notFound();
}

/** New places in everyone's library; ids of the other library and of accounts' own images are left alone. */
export async function sortLibrary(context: AppContext, kind: LibraryKind, order: { id: number; sorting: number }[]): Promise<void> {
  await context.db.transaction(async (tx) => {
    for (const { id, sorting } of order) {
      await tx
        .update(libraryImages)
        .set({ sorting })
        .where(and(eq(libraryImages.id, id), eq(libraryImages.kind, kind), isNull(libraryImages.account_id)));
    }
  });
}
