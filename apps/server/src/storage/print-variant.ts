/**
 * The print variant of a stored image: the same picture at print resolution, which PDFs embed in place of
 * the light one that the builder, previews and thumbnails use. Kept beside it in the file store, never
 * served on its own.
 */
export function printVariantKey(key: string): string {
  return key.replace(/(\.[a-z0-9]+)?$/, '-print$1');
}
