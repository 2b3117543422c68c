/** docs/product/builder.md#rules-and-limits: uploads are at most 2 MB. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = 'The file size may not be greater than 2 MB';

/** Natural size of an image, read by loading it (library and stock images come without one). */
export function imageSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error('The image could not be loaded.'));
    img.src = src;
  });
}
