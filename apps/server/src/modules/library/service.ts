import type { LibraryImage } from '@laurel/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { libraryImages } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { storeImage } from '../files/index.ts';

/** The background library and the image (signature) library. */
export type LibraryKind = 'background' | 'signature';

type LibraryRow = typeof libraryImages.$inferSelect;

export const presentLibraryImage = ({ id, imagepath, name, sorting }: LibraryRow): LibraryImage => ({ id, imagepath, name, sorting });

/** A library image as added, every column of it. */
export const presentAddedLibraryImage = (row: LibraryRow) => ({
  ...row,
  kind: row.kind as LibraryKind,
  created_at: row.created_at.toISOString(),
});

export async function listLibrary(context: AppContext, kind: LibraryKind) {
  return context.db
    .select()
    .from(libraryImages)
    .where(eq(libraryImages.kind, kind))
    .orderBy(asc(libraryImages.sorting), asc(libraryImages.id));
}

/** Stores the image (re-encoded, as every upload) and lists it in the library. */
export async function addToLibrary(context: AppContext, kind: LibraryKind, userId: number, upload: { bytes: Buffer; filename: string }) {
  const stored = await storeImage(context, {
    accountId: null,
    userId,
    kind: kind === 'background' ? 'background' : 'image',
    bytes: upload.bytes,
    originalName: upload.filename,
  });
  const [row] = await context.db
    .insert(libraryImages)
    .values({ kind, imagepath: stored.imagepath, name: upload.filename.slice(0, 200) })
    .returning();
  return row!;
}

export async function removeFromLibrary(context: AppContext, kind: LibraryKind, id: number): Promise<void> {
  const deleted = await context.db
    .delete(libraryImages)
    .where(and(eq(libraryImages.id, id), eq(libraryImages.kind, kind)))
    .returning();
  if (!deleted.length) throw notFound();
}

/** New places in the library; ids of the other library are left alone. */
export async function sortLibrary(context: AppContext, kind: LibraryKind, order: { id: number; sorting: number }[]): Promise<void> {
  await context.db.transaction(async (tx) => {
    for (const { id, sorting } of order) {
      await tx
        .update(libraryImages)
        .set({ sorting })
        .where(and(eq(libraryImages.id, id), eq(libraryImages.kind, kind)));
    }
  });
}
